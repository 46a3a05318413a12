import AddIcon from '@mui/icons-material/Add';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import DownloadIcon from '@mui/icons-material/FileDownload';
import UploadIcon from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** The screen's actions: new geofence, new POI, import, and export as GeoJSON or KML. */
export function ZoneToolbar({
  busy,
  canExport,
  onNewGeofence,
  onNewPoi,
  onImport,
  onExport,
}: {
  /** A form is open or the lists are not in: nothing new may start. */
  busy: boolean;
  canExport: boolean;
  onNewGeofence: () => void;
  onNewPoi: () => void;
  onImport: () => void;
  onExport: (format: 'geojson' | 'kml') => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (format: 'geojson' | 'kml') => {
    setAnchor(null);
    onExport(format);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        disabled={busy}
        onClick={onNewGeofence}
        data-testid="geofence-create"
      >
        {t('geofences.new_geofence')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        startIcon={<AddLocationIcon />}
        disabled={busy}
        onClick={onNewPoi}
        data-testid="poi-create"
      >
        {t('geofences.new_poi')}
      </Button>
      <Button
        size="small"
        startIcon={<UploadIcon />}
        disabled={busy}
        onClick={onImport}
        data-testid="zones-import"
      >
        {t('geofences.import')}
      </Button>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={!canExport}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="zones-export"
      >
        {t('geofences.export')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('geojson')}>{t('geofences.export_geojson')}</MenuItem>
        <MenuItem onClick={() => pick('kml')}>{t('geofences.export_kml')}</MenuItem>
      </Menu>
    </Box>
  );
}
