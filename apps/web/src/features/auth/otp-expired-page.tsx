import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { useServices } from '../../shared/services';
import { AuthLayout } from '../../shared/ui/auth-layout';

/** `/auth/422`: the one-time code was not valid or has expired (spec §8). */
export default function OtpExpiredPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('view.otp_expired.title')}>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t('view.otp_expired.message')}
      </Alert>
      <Button
        variant="contained"
        fullWidth
        onClick={() => {
          // Leaves the otp-expired state so the guard lets the login screen show.
          session.endSession('logged-out');
          void navigate('/auth/login', { replace: true });
        }}
      >
        {t('view.otp_expired.to_login')}
      </Button>
    </AuthLayout>
  );
}
