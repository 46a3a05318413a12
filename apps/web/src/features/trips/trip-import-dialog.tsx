import type { TimeZoneSetting } from '@rumbo/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { importRowErrorSchema, type ImportRowError } from '@rumbo/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import type { TripFormat } from './trip-rows';
import { importPlannedTrips, useTripMutation } from './trips-api';

/** The user's zone as the import reads times: an IANA name, or a fixed offset `±HH:MM`. */
export function offsetZone(offsetHours: TimeZoneSetting): string {
  if (typeof offsetHours === 'string') return offsetHours;
  const total = Math.round(Math.abs(offsetHours) * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${offsetHours < 0 ? '-' : '+'}${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** The row report of a refused import, when the error carries one. */
function rowReport(error: unknown): ImportRowError[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = z.array(importRowErrorSchema).safeParse(error.details);
  return parsed.success ? parsed.data : [];
}

/** Import planned trips from an Excel or CSV file; a refused file shows its rows with errors. */
export function TripImportDialog({
  f,
  fullScreen,
  onClose,
}: {
  f: TripFormat;
  fullScreen: boolean;
  onClose: () => void;
}) {
  const { t } = f;
  const [file, setFile] = useState<File | null>(null);
  const upload = useTripMutation((api, chosen: File) =>
    importPlannedTrips(api, chosen, offsetZone(f.offset)),
  );
  const report = rowReport(upload.error);
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>{t('trips.import_dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('trips.import_dialog.help')}
        </Typography>
        <div>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {t('trips.import_dialog.choose')}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="trip-import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </Button>
          {file ? (
            <Typography component="span" sx={{ ml: 2 }}>
              {file.name}
            </Typography>
          ) : null}
        </div>
        {upload.isSuccess ? (
          <Alert severity="success">
            {t('trips.import_dialog.done', { count: upload.data.imported })}
          </Alert>
        ) : null}
        {upload.isError ? (
          <Alert severity="error" data-testid="trip-import-error">
            {errorMessage(upload.error, t)}
          </Alert>
        ) : null}
        {report.length > 0 ? (
          <>
            <Typography variant="subtitle2">{t('trips.import_dialog.report')}</Typography>
            <Table size="small" data-testid="trip-import-report">
              <TableHead>
                <TableRow>
                  <TableCell>{t('trips.import_dialog.row')}</TableCell>
                  <TableCell>{t('trips.import_dialog.field')}</TableCell>
                  <TableCell>{t('trips.import_dialog.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.map((r, i) => (
                  <TableRow key={i}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell>
                      <code>{r.field}</code>
                    </TableCell>
                    <TableCell>{r.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('trips.close')}</Button>
        <Button
          variant="contained"
          disabled={!file || upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          {t('trips.import_dialog.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
