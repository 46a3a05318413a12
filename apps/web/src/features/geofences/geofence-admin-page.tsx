import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { InterestPointType } from '@rumbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchGroupsWithVehicles, fleetQueryKeys } from '../../shared/fleet/fleet-queries';
import {
  createInterestPoint,
  saveGeofence,
  useGeofenceAttributes,
  useGeofences,
  useInterestPoints,
  useInterestPointTypes,
} from '../../shared/geofences/geofence-api';
import { collectionBbox, zoneFeatures } from '../../shared/geofences/zone-shapes';
import { useZoneStrings } from '../../shared/geofences/zone-strings';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { ConfirmDeleteDialog } from './components/confirm-delete-dialog';
import { GeofenceFormPanel, type Option } from './components/geofence-form-panel';
import { GeofenceMap } from './components/geofence-map';
import { ImportDialog } from './components/import-dialog';
import { PoiFormPanel } from './components/poi-form-panel';
import { ZoneList, type ZoneTab } from './components/zone-list';
import { downloadText, toGeoJson, toKml } from './geo-export';
import { parseNumber } from './geofence-form';
import { corridorPreview } from './edit-preview';
import { ZoneToolbar } from './components/zone-toolbar';
import type { DrawShape } from './draw-controller';
import { useZoneEditor } from './use-zone-editor';

/** `geofence/admin`: geofences and points of interest drawn, edited, imported and exported. */
export default function GeofenceAdminPage() {
  const ready = useZoneStrings();
  return ready ? <GeofenceAdmin /> : <LinearProgress />;
}

function GeofenceAdmin() {
  const { t } = useTranslation();
  const { api } = useServices();
  const geofences = useGeofences();
  const pois = useInterestPoints();
  const poiTypes = useInterestPointTypes();
  const attributes = useGeofenceAttributes();
  const groups = useQuery({
    queryKey: fleetQueryKeys.groupsWithVehicles,
    queryFn: ({ signal }) => fetchGroupsWithVehicles(api, signal),
    staleTime: 60_000,
  });
  const editing = useZoneEditor();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const mapArea = useRef<HTMLDivElement | null>(null);
  // On phones the form is under the map: drawing brings the map into view.
  const { draw: startDrawing } = editing;
  const draw = useCallback(
    (shape: DrawShape) => {
      startDrawing(shape);
      if (phone) mapArea.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    [startDrawing, phone],
  );
  const { editor, controller } = editing;
  const [tab, setTab] = useState<ZoneTab>('geofences');
  const [query, setQuery] = useState('');
  const [importOpen, setImportOpen] = useState(false);

  const types = useMemo(() => poiTypes.data ?? [], [poiTypes.data]);
  const typeName = useCallback(
    (type: InterestPointType) => {
      const key = `interest_point_types.${type.code ?? ''}`;
      const text = type.code ? t(key) : key;
      return text === key ? type.nombre : text;
    },
    [t],
  );
  const namedTypes = useMemo(
    () => types.map((type) => ({ ...type, nombre: typeName(type) })),
    [types, typeName],
  );
  const { vehicleOptions, groupOptions } = useMemo(() => {
    const vehicles: Option[] = [];
    const groupList: Option[] = [];
    for (const g of groups.data ?? []) {
      if (g.groupId !== null) groupList.push({ id: g.groupId, label: g.name });
      for (const v of g.vehicleList) vehicles.push({ id: v.vehicleId, label: v.plate });
    }
    vehicles.sort((a, b) => a.label.localeCompare(b.label));
    return { vehicleOptions: vehicles, groupOptions: groupList };
  }, [groups.data]);

  const hiddenGeofence = editor?.kind === 'geofence' ? (editor.values.id ?? null) : null;
  const hiddenPoi = editor?.kind === 'poi' ? (editor.values.id ?? null) : null;
  const data = useMemo(
    () =>
      zoneFeatures(geofences.data ?? [], pois.data ?? [], {
        geofence: hiddenGeofence,
        poi: hiddenPoi,
      }),
    [geofences.data, pois.data, hiddenGeofence, hiddenPoi],
  );

  // A corridor being edited shows its width (the drawing tool draws only its line).
  const editedGeometry = editor?.kind === 'geofence' ? editor.values.geometry : null;
  const editedWidth = editor?.kind === 'geofence' ? editor.values.width : '';
  const editedColor = editor?.kind === 'geofence' ? editor.values.color : '';
  const preview = useMemo(
    () => corridorPreview(editedGeometry, parseNumber(editedWidth), editedColor),
    [editedGeometry, editedWidth, editedColor],
  );

  // The first time the lists are in, the map shows them all.
  const fitted = useRef(false);
  const { fitTo } = editing;
  const loaded = geofences.isSuccess && pois.isSuccess;
  useEffect(() => {
    if (!loaded || fitted.current) return;
    fitted.current = true;
    fitTo(collectionBbox(data));
  }, [loaded, data, fitTo]);

  const loading = geofences.isPending || pois.isPending;
  const failed = geofences.isError || pois.isError;
  const retry = () => {
    void geofences.refetch();
    void pois.refetch();
  };
  const exportAs = (format: 'geojson' | 'kml') => {
    const day = new Date().toISOString().slice(0, 10);
    const g = geofences.data ?? [];
    const p = pois.data ?? [];
    if (format === 'geojson') {
      downloadText(
        JSON.stringify(toGeoJson(g, p, types), null, 1),
        `rumbo-zones-${day}.geojson`,
        'application/geo+json',
      );
    } else {
      const names = {
        document: t('geofences.title'),
        geofences: t('zones.layers.geofences'),
        pois: t('zones.layers.pois'),
      };
      downloadText(
        toKml(g, p, types, names),
        `rumbo-zones-${day}.kml`,
        'application/vnd.google-earth.kml+xml',
      );
    }
  };

  /** A form's save, cancel and (for a stored zone) delete. */
  const formActions = (kind: 'geofence' | 'poi', id: number | undefined, name: string) => ({
    saving: editing.isSaving,
    onSave: editing.save,
    onCancel: editing.close,
    onDelete: id === undefined ? undefined : () => editing.askDelete({ kind, id, name }),
  });
  let panel: React.ReactNode;
  if (editor?.kind === 'geofence') {
    panel = (
      <GeofenceFormPanel
        values={editor.values}
        errors={editor.errors}
        onChange={editing.change}
        drawing={editing.drawing}
        onDraw={draw}
        vehicleOptions={vehicleOptions}
        groupOptions={groupOptions}
        attributeNames={attributes.data ?? []}
        {...formActions('geofence', editor.values.id, editor.values.name)}
      />
    );
  } else if (editor?.kind === 'poi') {
    panel = (
      <PoiFormPanel
        values={editor.values}
        errors={editor.errors}
        onChange={editing.change}
        types={types}
        typeName={typeName}
        placing={editing.drawing === 'point'}
        onPlace={() => draw('point')}
        {...formActions('poi', editor.values.id, editor.values.nombre)}
      />
    );
  } else if (failed) {
    panel = (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="error"
          data-testid="zones-error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        >
          <strong>{t('geofences.error_title')}</strong>
          <br />
          {t('geofences.error_text')}
        </Alert>
      </Box>
    );
  } else if (loading) {
    panel = (
      <Box sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">{t('geofences.loading')}</Typography>
      </Box>
    );
  } else {
    panel = (
      <ZoneList
        tab={tab}
        onTab={setTab}
        query={query}
        onQuery={setQuery}
        geofences={geofences.data ?? []}
        pois={pois.data ?? []}
        poiTypes={namedTypes}
        onOpenGeofence={editing.openGeofence}
        onOpenPoi={(p) => editing.openPoi(p)}
        maxHeight={{ xs: '55dvh', md: 'none' }}
      />
    );
  }

  const drawingHint = editing.drawing ? t(`geofences.draw.${editing.drawing}_hint`) : null;
  return (
    <Box
      data-testid="geofence-admin"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        height: { md: 'calc(100dvh - 104px)' },
        minHeight: { md: 480 },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h1" sx={{ mr: 'auto', minWidth: 0 }}>
          {t('geofences.title')}
        </Typography>
        <ZoneToolbar
          busy={!!editor || loading || failed}
          canExport={!loading && !failed}
          onNewGeofence={() => {
            setTab('geofences');
            editing.openGeofence(null);
          }}
          onNewPoi={() => {
            setTab('pois');
            editing.openPoi(null, types[0]?.idInterestPointType);
            draw('point');
          }}
          onImport={() => setImportOpen(true)}
          onExport={exportAs}
        />
      </Box>
      <Paper
        variant="outlined"
        sx={{
          flex: { md: 1 },
          minHeight: 0,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          overflow: 'hidden',
        }}
      >
        <Box
          component="aside"
          aria-label={t('geofences.title')}
          sx={{
            order: { xs: 2, md: 1 },
            width: { md: 380 },
            flex: 'none',
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            minWidth: 0,
            // Colour and width per breakpoint together: a responsive border shorthand alone
            // resets the colour to the text's.
            borderStyle: 'solid',
            borderColor: 'divider',
            borderWidth: { xs: '1px 0 0 0', md: '0 1px 0 0' },
          }}
        >
          {panel}
        </Box>
        <Box
          ref={mapArea}
          sx={{
            scrollMarginTop: 64,
            order: { xs: 1, md: 2 },
            flex: { md: 1 },
            height: { xs: '48dvh', md: 'auto' },
            minHeight: { xs: 280, md: 0 },
            minWidth: 0,
            position: 'relative',
          }}
        >
          <GeofenceMap
            data={data}
            preview={preview}
            controller={controller}
            picking={!editor}
            onPick={(hit) => {
              if (hit.kind === 'geofence') {
                const g = geofences.data?.find((x) => x.id === hit.id);
                if (g) {
                  setTab('geofences');
                  editing.openGeofence(g);
                }
              } else {
                const p = pois.data?.find((x) => x.idInterestPoint === hit.id);
                if (p) {
                  setTab('pois');
                  editing.openPoi(p);
                }
              }
            }}
            fit={editing.fit}
            label={t('geofences.map_label')}
          >
            {drawingHint && (
              <Chip
                color="primary"
                label={drawingHint}
                data-testid="draw-hint"
                sx={{
                  position: 'absolute',
                  top: 8,
                  left: 8,
                  maxWidth: 'calc(100% - 64px)',
                  height: 'auto',
                  py: 0.5,
                  boxShadow: 2,
                  justifyContent: 'flex-start',
                  '& .MuiChip-label': { whiteSpace: 'normal' },
                }}
              />
            )}
            {loading && !failed && (
              <LinearProgress
                aria-label={t('geofences.loading')}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
              />
            )}
          </GeofenceMap>
        </Box>
      </Paper>
      <ConfirmDeleteDialog
        open={!!editing.deleteTarget}
        name={editing.deleteTarget?.name ?? ''}
        text={t(
          editing.deleteTarget?.kind === 'poi'
            ? 'geofences.confirm_delete_poi_text'
            : 'geofences.confirm_delete_text',
        )}
        deleting={editing.isDeleting}
        onCancel={() => editing.askDelete(null)}
        onConfirm={editing.confirmDelete}
      />
      <ImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        poiTypes={types}
        saveGeofence={(feature) => saveGeofence(api, feature)}
        savePoi={(body) => createInterestPoint(api, body)}
        onSaved={() => void editing.invalidate()}
      />
    </Box>
  );
}
