import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The centred card of the recovery and error screens (sign-in draws its own, login-parts.tsx). */
export function AuthLayout({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        boxSizing: 'border-box',
        background: (theme) =>
          theme.palette.mode === 'dark'
            ? 'linear-gradient(160deg, #0b1f33 0%, #0e1621 60%)'
            : 'linear-gradient(160deg, #dce9f7 0%, #f3f6f9 60%)',
      }}
    >
      <Paper
        elevation={3}
        sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, boxSizing: 'border-box' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 40, height: 40 }} />
          <Typography
            component="span"
            sx={{ fontSize: '1.5rem', fontWeight: 700, letterSpacing: 0.5, flexGrow: 1 }}
          >
            Rumbo
          </Typography>
          {actions}
        </Box>
        <Typography variant="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
