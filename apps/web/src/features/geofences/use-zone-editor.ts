import type { Geofence, InterestPoint } from '@rumbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import {
  createInterestPoint,
  deleteGeofence,
  deleteInterestPoint,
  saveGeofence,
  updateInterestPoint,
  zoneKeys,
} from '../../shared/geofences/geofence-api';
import { geofenceBbox } from '../../shared/geofences/zone-shapes';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import type { FitRequest } from './components/geofence-map';
import { DrawController, type DrawnShape, type DrawShape } from './draw-controller';
import {
  buildGeofenceFeature,
  emptyGeofenceForm,
  geofenceToForm,
  parseNumber,
  type GeofenceFormErrors,
  type GeofenceFormValues,
} from './geofence-form';
import { buildPoiBody, emptyPoiForm, poiToForm, type PoiFormValues } from './poi-form';

export type Editor =
  | { kind: 'geofence'; values: GeofenceFormValues; errors: GeofenceFormErrors }
  | { kind: 'poi'; values: PoiFormValues; errors: GeofenceFormErrors };

export type DeleteTarget = { kind: 'geofence' | 'poi'; id: number; name: string };

function applyShape(editor: Editor | null, shape: DrawnShape | null): Editor | null {
  if (!editor) return editor;
  if (editor.kind === 'poi') {
    const geom = shape?.geometry.type === 'Point' ? shape.geometry : null;
    return {
      ...editor,
      values: { ...editor.values, geom },
      errors: { ...editor.errors, geom: undefined },
    };
  }
  return {
    ...editor,
    values: {
      ...editor.values,
      geometry: shape?.geometry ?? null,
      ...(shape?.radiusM ? { radius: String(shape.radiusM) } : {}),
    },
    errors: { ...editor.errors, geometry: undefined },
  };
}

/**
 * The geofence screen's editing state: the open form (geofence or POI), the drawing tool and
 * what it holds, saves and deletes (each refreshes every zone list of the app).
 */
export function useZoneEditor() {
  const { t } = useTranslation();
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [drawing, setDrawing] = useState<DrawShape | null>(null);
  const [fit, setFit] = useState<FitRequest | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const [controller] = useState(
    () =>
      new DrawController((shape) => {
        setDrawing(null);
        setEditor((current) => applyShape(current, shape));
      }),
  );

  const fitTo = useCallback((box: [number, number, number, number] | null) => {
    if (box) setFit({ key: `${Date.now()}`, bbox: box });
  }, []);

  const close = useCallback(() => {
    controller.load(null);
    setEditor(null);
    setDrawing(null);
  }, [controller]);

  const openGeofence = useCallback(
    (g: Geofence | null) => {
      setDrawing(null);
      setEditor({
        kind: 'geofence',
        values: g ? geofenceToForm(g) : emptyGeofenceForm(),
        errors: {},
      });
      controller.load(g ? { geometry: g.geom, radiusM: g.radius ?? undefined } : null, 'zone');
      if (g) fitTo(geofenceBbox(g));
    },
    [controller, fitTo],
  );

  const openPoi = useCallback(
    (p: InterestPoint | null, typeId?: number) => {
      setDrawing(null);
      setEditor({ kind: 'poi', values: p ? poiToForm(p) : emptyPoiForm(typeId), errors: {} });
      controller.load(p ? { geometry: p.geom } : null, 'poi');
      if (p) {
        const [lng, lat] = p.geom.coordinates;
        const d = 0.004;
        fitTo([lng - d, lat - d, lng + d, lat + d]);
      }
    },
    [controller, fitTo],
  );

  const draw = useCallback(
    (shape: DrawShape) => {
      controller.start(shape, shape === 'point' ? 'poi' : 'zone');
      setDrawing(shape);
    },
    [controller],
  );

  const change = useCallback(
    (patch: Partial<GeofenceFormValues> | Partial<PoiFormValues>) => {
      setEditor((current) => {
        if (!current) return current;
        const errors = { ...current.errors };
        for (const key of Object.keys(patch)) delete errors[key];
        return { ...current, values: { ...current.values, ...patch }, errors } as Editor;
      });
      if ('radius' in patch && typeof patch.radius === 'string') {
        const radius = parseNumber(patch.radius);
        if (radius !== null && !Number.isNaN(radius)) controller.setRadius(radius);
      }
    },
    [controller],
  );

  const invalidate = useCallback(
    () => queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
    [queryClient],
  );
  const failed = (error: unknown) => {
    if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
  };

  const saving = useMutation({
    mutationFn: async (current: Editor) => {
      if (current.kind === 'geofence') {
        const { feature } = buildGeofenceFeature(current.values, t);
        if (feature) await saveGeofence(api, feature);
        return 'geofences.saved';
      }
      const { body } = buildPoiBody(current.values, t);
      if (body && current.values.id !== undefined)
        await updateInterestPoint(api, current.values.id, body);
      else if (body) await createInterestPoint(api, body);
      return 'geofences.poi_saved';
    },
    onSuccess: async (message) => {
      await invalidate();
      snackbar.notify({ type: 'success', message: t(message) });
      close();
    },
    onError: failed,
  });

  const save = useCallback(() => {
    if (!editor) return;
    const errors =
      editor.kind === 'geofence'
        ? buildGeofenceFeature(editor.values, t).errors
        : buildPoiBody(editor.values, t).errors;
    if (Object.keys(errors).length > 0) {
      setEditor({ ...editor, errors });
      return;
    }
    saving.mutate(editor);
  }, [editor, saving, t]);

  const removing = useMutation({
    mutationFn: async (target: DeleteTarget) => {
      if (target.kind === 'geofence') await deleteGeofence(api, target.id);
      else await deleteInterestPoint(api, target.id);
    },
    onSuccess: async () => {
      await invalidate();
      snackbar.notify({ type: 'success', message: t('geofences.deleted') });
      setDeleteTarget(null);
      close();
    },
    onError: failed,
  });

  return {
    editor,
    drawing,
    fit,
    fitTo,
    controller,
    openGeofence,
    openPoi,
    draw,
    change,
    close,
    save,
    isSaving: saving.isPending,
    deleteTarget,
    askDelete: setDeleteTarget,
    confirmDelete: () => deleteTarget && removing.mutate(deleteTarget),
    isDeleting: removing.isPending,
    invalidate,
  };
}
