import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

/**
 * A form field that picks several of a fixed list with checkboxes (an API key's scopes, a webhook's
 * event kinds): a legend, the boxes in two columns from a tablet up, and a help line that turns
 * into the error; each box is described by that line.
 */
export function CheckboxGroupField(props: {
  id: string;
  legend: string;
  options: readonly string[];
  labelOf: (option: string) => string;
  testIdOf: (option: string) => string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  help: string;
  error?: string;
}) {
  const helpId = `${props.id}-help`;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" error={Boolean(props.error)}>
        {props.legend}
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {props.options.map((option) => (
          <FormControlLabel
            key={option}
            label={props.labelOf(option)}
            control={
              <Checkbox
                checked={props.value.includes(option)}
                onChange={(event) =>
                  props.onChange(
                    event.target.checked
                      ? [...props.value, option]
                      : props.value.filter((o) => o !== option),
                  )
                }
                slotProps={{ input: { 'aria-describedby': helpId } }}
                data-testid={props.testIdOf(option)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helpId} error={Boolean(props.error)}>
        {props.error ?? props.help}
      </FormHelperText>
    </Box>
  );
}
