import UploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type {
  GeofenceSaveInput,
  InterestPointCreateInput,
  InterestPointType,
} from '@rumbo/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { DEFAULT_CORRIDOR_WIDTH_M } from '../geofence-form';
import { GeoImportError, readGeoFile, type GeoImport } from '../geo-import';

type Stage =
  | { step: 'choose'; error?: string }
  | { step: 'ready'; file: string; data: GeoImport }
  | { step: 'saving'; done: number; total: number }
  | { step: 'done'; saved: number; failed: string[] };

/** The tenant's type for an imported POI: same code, else same name; none otherwise. */
export function resolvePoiType(
  key: string | null,
  types: readonly InterestPointType[],
): number | null {
  if (!key) return null;
  const k = key.toLowerCase();
  const type =
    types.find((t) => t.code?.toLowerCase() === k) ??
    types.find((t) => t.nombre.toLowerCase() === k);
  return type?.idInterestPointType ?? null;
}

/** Import of a GeoJSON or KML file: checked, summarised, then saved one item at a time. */
export function ImportDialog({
  open,
  onClose,
  poiTypes,
  saveGeofence,
  savePoi,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  poiTypes: readonly InterestPointType[];
  saveGeofence: (feature: GeofenceSaveInput) => Promise<unknown>;
  savePoi: (body: InterestPointCreateInput) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const input = useRef<HTMLInputElement | null>(null);
  const close = () => {
    if (stage.step === 'saving') return;
    setStage({ step: 'choose' });
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      const data = await readGeoFile(file);
      setStage({ step: 'ready', file: file.name, data });
    } catch (error) {
      setStage({
        step: 'choose',
        error:
          error instanceof GeoImportError
            ? t(`geofences.import_errors.${error.code}`, error.values)
            : t('geofences.import_errors.read'),
      });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const run = async (data: GeoImport) => {
    const total = data.geofences.length + data.pois.length;
    let done = 0;
    let saved = 0;
    const failed: string[] = data.skipped.map((s) => s.name);
    setStage({ step: 'saving', done, total });
    const step = async (name: string, save: () => Promise<unknown>) => {
      try {
        await save();
        saved += 1;
      } catch (error) {
        failed.push(`${name} (${errorMessage(error, t)})`);
      }
      done += 1;
      setStage({ step: 'saving', done, total });
    };
    for (const feature of data.geofences) {
      await step(feature.properties.name, () => saveGeofence(feature));
    }
    for (const poi of data.pois) {
      const idInterestPointType = resolvePoiType(poi.typeKey, poiTypes);
      await step(poi.body.nombre, () => savePoi({ ...poi.body, idInterestPointType }));
    }
    setStage({ step: 'done', saved, failed });
    onSaved();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth data-testid="import-dialog">
      <DialogTitle>{t('geofences.import_dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('geofences.import_dialog.help', { width: DEFAULT_CORRIDOR_WIDTH_M })}
        </Typography>
        {(stage.step === 'choose' || stage.step === 'ready') && (
          <div>
            <input
              ref={input}
              type="file"
              accept=".geojson,.json,.kml,application/geo+json,application/json,application/vnd.google-earth.kml+xml"
              hidden
              data-testid="import-file"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            <Button
              variant="outlined"
              startIcon={<UploadIcon />}
              onClick={() => input.current?.click()}
            >
              {t('geofences.import_dialog.choose')}
            </Button>
            {stage.step === 'ready' && (
              <Typography component="span" variant="body2" sx={{ ml: 1.5, wordBreak: 'break-all' }}>
                {stage.file}
              </Typography>
            )}
          </div>
        )}
        {stage.step === 'choose' && stage.error && (
          <Alert severity="error" data-testid="import-error">
            {stage.error}
          </Alert>
        )}
        {stage.step === 'ready' && (
          <Alert severity="info" data-testid="import-summary">
            {t('geofences.import_dialog.summary', {
              geofences: stage.data.geofences.length,
              pois: stage.data.pois.length,
            })}
            {stage.data.skipped.length > 0 && (
              <>
                <br />
                {t('geofences.import_dialog.skipped', { count: stage.data.skipped.length })}
              </>
            )}
          </Alert>
        )}
        {stage.step === 'saving' && (
          <div role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('geofences.import_dialog.importing', { done: stage.done, total: stage.total })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(100 * stage.done) / Math.max(1, stage.total)}
            />
          </div>
        )}
        {stage.step === 'done' && (
          <Alert
            severity={stage.failed.length > 0 ? 'warning' : 'success'}
            data-testid="import-done"
          >
            {t('geofences.import_dialog.done', { count: stage.saved })}
            {stage.failed.length > 0 && (
              <>
                <br />
                {t('geofences.import_dialog.failed_items', {
                  count: stage.failed.length,
                  names: stage.failed.slice(0, 10).join(', '),
                })}
              </>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={stage.step === 'saving'}>
          {t(stage.step === 'done' ? 'geofences.form.close' : 'geofences.form.cancel')}
        </Button>
        {stage.step === 'ready' && (
          <Button
            variant="contained"
            onClick={() => void run(stage.data)}
            disabled={stage.data.geofences.length + stage.data.pois.length === 0}
            data-testid="import-run"
          >
            {t('geofences.import_dialog.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
