import type { ReportSubscription } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../test/fake-server';
import { signedInRoutes } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 10_000 };
const auth = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'admin' };
const storage = () =>
  memoryStorage({ 'rumbo.auth': JSON.stringify({ ...auth, loginStatus: 'authenticated' }) });

const weekly: ReportSubscription = {
  id: 7,
  report: 'fleet-summary',
  filters: {},
  period: 'last_week',
  schedule: 'weekly',
  scheduleDay: 1,
  at: '08:00',
  timeZone: 'Europe/Madrid',
  recipients: { users: [3], addresses: [] },
  language: 'es',
  enabled: true,
  nextDueAt: Date.UTC(2026, 9, 26, 7),
  lastSentAt: null,
  lastStatus: null,
};

const recipients = {
  // The signed-in user (demo@rumbo.test) is among them: a new subscription starts addressed to them.
  body: { users: [{ id: 3, name: 'Ana Pérez', email: 'demo@rumbo.test' }], addresses: [] },
};

describe('settings: scheduled reports', () => {
  it('lists the subscriptions with next due in their zone, and creates one from the dialog', async () => {
    const { calls } = renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        'GET /api/v2/reports/subscriptions': { body: [weekly] },
        'GET /api/v2/reports/recipients': recipients,
        'POST /api/v2/reports/subscriptions': { body: { ...weekly, id: 8 } },
      },
      storage(),
    );
    const row = await screen.findByTestId('report-subscription', {}, SLOW);
    expect(row.textContent).toContain('Resumen de la flota');
    expect(row.textContent).toContain('Cada lunes a las 08:00');
    // Monday 26 October 2026, 08:00 in Madrid (UTC+1 after summer time ends).
    expect(row.textContent).toContain('26/10/2026 08:00');
    expect(row.textContent).toContain('nunca');

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo informe programado' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // The form shows once the recipients are loaded.
    const save = await within(dialog).findByRole('button', { name: 'Guardar' }, SLOW);
    await waitFor(() => expect(save).not.toBeDisabled(), SLOW);
    fireEvent.click(save);
    await waitFor(
      () =>
        expect(
          calls.some((c) => c.method === 'POST' && c.url.includes('reports/subscriptions')),
        ).toBe(true),
      SLOW,
    );
    const posted = calls.find(
      (c) => c.method === 'POST' && c.url.includes('reports/subscriptions'),
    );
    expect(posted?.body).toMatchObject({
      report: 'fleet-summary',
      period: 'last_week',
      schedule: 'weekly',
      scheduleDay: 1,
      at: '08:00',
    });
  });

  it('shows an empty list, and a load error with a retry', async () => {
    let fail = true;
    renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        'GET /api/v2/reports/subscriptions': () =>
          fail ? { status: 500, body: { error: 'internal', message: 'boom' } } : { body: [] },
      },
      storage(),
    );
    await screen.findByText(/No se pudieron cargar los informes programados/u, {}, SLOW);
    fail = false;
    const section = screen.getByRole('region', { name: 'Informes programados' });
    fireEvent.click(within(section).getByRole('button', { name: 'Reintentar' }));
    await screen.findByText(/Aún no hay informes programados/u, {}, SLOW);
  });
});

describe('settings: a scheduled report’s send history', () => {
  it('lists the sends with status, manual or scheduled, attempts, error and sent at', async () => {
    let fail = true;
    renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        'GET /api/v2/reports/subscriptions': { body: [weekly] },
        'GET /api/v2/reports/subscriptions/7/sends': () =>
          fail
            ? { status: 500, body: { error: 'internal', message: 'boom' } }
            : {
                body: [
                  {
                    id: 2,
                    slotAt: Date.UTC(2026, 9, 26, 7),
                    status: 'retry',
                    manual: false,
                    attempts: 2,
                    error: '421 mailbox busy',
                    sentAt: null,
                  },
                  {
                    id: 1,
                    slotAt: Date.UTC(2026, 9, 21, 9, 30),
                    status: 'sent',
                    manual: true,
                    attempts: 1,
                    error: null,
                    sentAt: Date.UTC(2026, 9, 21, 9, 31),
                  },
                ],
              },
      },
      storage(),
    );
    const row = await screen.findByTestId('report-subscription', {}, SLOW);
    fireEvent.click(within(row).getByRole('button', { name: 'Historial' }));
    const dialog = await screen.findByRole('dialog', { name: /Envíos de «Resumen/u }, SLOW);
    await within(dialog).findByText(/No se pudo cargar el historial/u, {}, SLOW);
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    const sends = await within(dialog).findAllByTestId('report-send', {}, SLOW);
    expect(sends).toHaveLength(2);
    // Times at the subscription's zone (Madrid, UTC+1 after 25 October, UTC+2 before).
    expect(sends[0]?.textContent).toContain('Envío del 26/10/2026 08:00:00');
    expect(sends[0]?.textContent).toContain('se reintentará');
    expect(sends[0]?.textContent).toContain('programado · 2 intentos');
    expect(sends[0]?.textContent).toContain('Error: 421 mailbox busy');
    expect(sends[1]?.textContent).toContain('enviado');
    expect(sends[1]?.textContent).toContain('a mano · 1 intento · enviado el 21/10/2026 11:31:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });

  it('says when nothing was sent yet, with the first slot', async () => {
    renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        'GET /api/v2/reports/subscriptions': { body: [weekly] },
        'GET /api/v2/reports/subscriptions/7/sends': { body: [] },
      },
      storage(),
    );
    const row = await screen.findByTestId('report-subscription', {}, SLOW);
    fireEvent.click(within(row).getByRole('button', { name: 'Historial' }));
    const empty = await screen.findByTestId('report-log-empty', {}, SLOW);
    expect(empty.textContent).toBe(
      'Aún no se ha enviado. El primer envío será el 26/10/2026 08:00:00.',
    );
  });
});

describe('settings: allowed outside addresses', () => {
  const adminViews = {
    'POST /api/v2/views-authz/web3': {
      body: { start_on: 'dashboard', views: { dashboard: true, 'admin-users': true } },
    },
  };

  it('lets an administrator edit and save the whole list, refusing what is not an address', async () => {
    const { calls } = renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        ...adminViews,
        'GET /api/v2/reports/subscriptions': { body: [] },
        'GET /api/v2/reports/allowed-addresses': { body: { addresses: ['boss@example.test'] } },
        'PUT /api/v2/reports/allowed-addresses': {
          body: { addresses: ['boss@example.test', 'ops@carrier.test'] },
        },
      },
      storage(),
    );
    const card = await screen.findByRole(
      'region',
      { name: 'Direcciones externas permitidas' },
      SLOW,
    );
    await within(card).findByText('boss@example.test', {}, SLOW);
    const save = within(card).getByRole('button', { name: 'Guardar direcciones' });
    expect(save).toBeDisabled();
    const input = within(card).getByLabelText('Direcciones permitidas');
    fireEvent.change(input, { target: { value: 'not-an-address,' } });
    await within(card).findByText('not-an-address no es una dirección de correo', {}, SLOW);
    expect(save).toBeDisabled();
    // The wrong chip goes, a good one (typed with capitals, then a space) comes.
    const wrong = within(card)
      .getAllByTestId('allowed-address')
      .find((chip) => chip.textContent === 'not-an-address');
    fireEvent.click(within(wrong!).getByTestId('CancelIcon'));
    fireEvent.change(input, { target: { value: 'Ops@Carrier.test ' } });
    await within(card).findByText('ops@carrier.test', {}, SLOW);
    await waitFor(() => expect(save).not.toBeDisabled(), SLOW);
    fireEvent.click(save);
    await waitFor(
      () =>
        expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
          addresses: ['boss@example.test', 'ops@carrier.test'],
        }),
      SLOW,
    );
    await screen.findByText('Direcciones permitidas guardadas', {}, SLOW);
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        ...adminViews,
        'GET /api/v2/reports/subscriptions': { body: [] },
        'GET /api/v2/reports/allowed-addresses': () =>
          fail
            ? { status: 500, body: { error: 'internal', message: 'boom' } }
            : { body: { addresses: [] } },
      },
      storage(),
    );
    const card = await screen.findByRole(
      'region',
      { name: 'Direcciones externas permitidas' },
      SLOW,
    );
    await within(card).findByText(/No se pudieron cargar las direcciones/u, {}, SLOW);
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    await within(card).findByText(/Ninguna: solo los usuarios/u, {}, SLOW);
  });

  it('is not shown to someone who is not an administrator', async () => {
    const { calls } = renderApp(
      '/app/user/settings',
      { ...signedInRoutes(), 'GET /api/v2/reports/subscriptions': { body: [] } },
      storage(),
    );
    await screen.findByText(/Aún no hay informes programados/u, {}, SLOW);
    expect(screen.queryByRole('region', { name: 'Direcciones externas permitidas' })).toBeNull();
    expect(calls.some((c) => c.url.includes('allowed-addresses'))).toBe(false);
  });
});

describe('settings: the subscription dialog’s outside addresses', () => {
  it('offers the addresses an administrator allowed', async () => {
    renderApp(
      '/app/user/settings',
      {
        ...signedInRoutes(),
        'GET /api/v2/reports/subscriptions': { body: [] },
        'GET /api/v2/reports/recipients': {
          body: { ...recipients.body, addresses: ['ops@carrier.test'] },
        },
      },
      storage(),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo informe programado' }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const picker = await within(dialog).findByRole('combobox', { name: 'Otras direcciones' }, SLOW);
    fireEvent.mouseDown(picker);
    expect(await screen.findByRole('option', { name: 'ops@carrier.test' }, SLOW)).toBeTruthy();
  });
});
