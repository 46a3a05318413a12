import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { loadScorer, strengthLevel } from '../password-strength';

type Scorer = (password: string) => number;

/** The strength bar under the new password (score 0–4 from zxcvbn). */
export function PasswordStrengthBar({ password }: { password: string }) {
  const { t } = useTranslation();
  const [scorer, setScorer] = useState<{ score: Scorer } | null>(null);
  useEffect(() => {
    let alive = true;
    void loadScorer().then((score) => {
      if (alive) setScorer({ score });
    });
    return () => {
      alive = false;
    };
  }, []);
  if (!password) return null;
  const level = strengthLevel(scorer ? scorer.score(password) : 0);
  const label = t(level.labelKey);
  return (
    <Box aria-live="polite" data-testid="password-strength" data-score={level.percent / 20 - 1}>
      <LinearProgress
        variant="determinate"
        value={level.percent}
        color={level.color}
        aria-label={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color={`${level.color}.main`}>
        {label}
      </Typography>
    </Box>
  );
}
