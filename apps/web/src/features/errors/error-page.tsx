import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../shared/ui/auth-layout';

/** 403 and 404 (spec §2): a message and a back button to the home view, or to login. */
export function ErrorPage({
  code,
  titleKey,
  homePath,
}: {
  code: 403 | 404;
  titleKey: string;
  homePath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t(titleKey)}>
      <Typography
        aria-hidden
        sx={{ fontSize: '4rem', fontWeight: 700, color: 'text.disabled', lineHeight: 1, mb: 3 }}
      >
        {code}
      </Typography>
      <Button
        variant="contained"
        fullWidth
        onClick={() => void navigate(homePath, { replace: true })}
      >
        {t(code === 403 ? 'view.forbidden.back' : 'view.not_found.back')}
      </Button>
    </AuthLayout>
  );
}
