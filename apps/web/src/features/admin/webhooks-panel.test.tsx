import type { WebhookDeliveryPage, WebhookEndpoint } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './admin-test-fixtures';

// The webhooks tab of the users screen (issue 27): list with states, the secret shown once,
// the delivery log with "send again", test and resume.

const SLOW = { timeout: 60_000 };

const ENDPOINTS: WebhookEndpoint[] = [
  {
    id: 1,
    url: 'https://tms.example.com/rumbo',
    description: 'TMS',
    eventKinds: ['trip.ended', 'alert.V20'],
    enabled: true,
    pausedReason: null,
    failingSince: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    pending: 0,
    lastDeliveredAt: '2026-11-27T10:00:00.000Z',
  },
  {
    id: 2,
    url: 'https://erp.example.com/hook',
    description: '',
    eventKinds: ['fuel.theft'],
    enabled: true,
    pausedReason: 'failing',
    failingSince: '2026-11-26T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    pending: 4,
    lastDeliveredAt: null,
  },
];

const LOG: WebhookDeliveryPage = {
  total: 1,
  items: [
    {
      id: 77,
      eventId: 812,
      eventKind: 'trip.ended',
      eventAt: '2026-11-27T09:00:00.000Z',
      status: 'failed',
      attempts: 12,
      nextAttemptAt: null,
      lastStatus: 503,
      lastError: 'HTTP 503',
      lastAttemptAt: '2026-11-27T09:30:00.000Z',
      deliveredAt: null,
    },
  ],
};

describe('webhooks tab', { timeout: 120_000 }, () => {
  it('lists endpoints with their state, creates one and shows its secret once', async () => {
    let sent: unknown = null;
    openAdmin('/app/admin/users?tab=webhooks', ['admin-users'], {
      'GET /api/v2/webhooks': { body: ENDPOINTS },
      'POST /api/v2/webhooks': (call) => {
        sent = call.body;
        return { body: { ...ENDPOINTS[0], id: 3, secret: 'whsec_abc123' } };
      },
    });
    expect(await screen.findByText('https://tms.example.com/rumbo', {}, SLOW)).toBeTruthy();
    const states = screen.getAllByTestId('webhook-state').map((chip) => chip.textContent);
    expect(states[0]).toMatch(/Activo|Active/);
    expect(states[1]).toMatch(/Pausado|Paused/);
    expect(screen.getAllByTestId('row-resume')).toHaveLength(1);

    fireEvent.click(screen.getAllByRole('button', { name: /Nuevo destino|New endpoint/ })[0]!);
    const dialog = await screen.findByTestId('webhook-dialog');
    fireEvent.change(within(dialog).getByLabelText(/URL/), {
      target: { value: 'https://new.example.com/in' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Alertas por código|Alerts by code/), {
      target: { value: 'v20, afi' },
    });
    fireEvent.click(within(dialog).getByTestId('webhook-save'));
    expect(await screen.findByTestId('webhook-secret')).toHaveProperty(
      'textContent',
      'whsec_abc123',
    );
    expect(sent).toEqual({
      url: 'https://new.example.com/in',
      description: '',
      eventKinds: ['trip.ended', 'alert.V20', 'alert.AFI'],
    });
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('shows the delivery log, sends a delivery again, tests and resumes', async () => {
    const calls: string[] = [];
    openAdmin('/app/admin/users?tab=webhooks', ['admin-users'], {
      'GET /api/v2/webhooks': { body: ENDPOINTS },
      'GET /api/v2/webhooks/2/deliveries': { body: LOG },
      'POST /api/v2/webhooks/2/deliveries/77/resend': () => {
        calls.push('resend');
        return { status: 204 };
      },
      'POST /api/v2/webhooks/2/test': () => {
        calls.push('test');
        return { body: ENDPOINTS[1] };
      },
      'POST /api/v2/webhooks/2/resume': () => {
        calls.push('resume');
        return { body: { ...ENDPOINTS[1], pausedReason: null } };
      },
    });
    await screen.findByText('https://erp.example.com/hook', {}, SLOW);
    fireEvent.click(screen.getAllByTestId('row-log')[1]!);
    const row = await screen.findByTestId('webhook-delivery');
    expect(row.textContent).toMatch(/HTTP 503/);
    expect(row.textContent).toMatch(/#812/);
    fireEvent.click(within(row).getByTestId('webhook-resend'));
    await waitFor(() => expect(calls).toContain('resend'));
    fireEvent.click(screen.getByRole('button', { name: /Cerrar|Close/ }));
    fireEvent.click(screen.getAllByTestId('row-test')[1]!);
    fireEvent.click(screen.getByTestId('row-resume'));
    await waitFor(() => expect(calls).toEqual(['resend', 'test', 'resume']));
  });
});
