import { SCORE_SETTINGS_DEFAULTS, type ScoreSettingsBody } from '@rumbo/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, type FakeReply } from '../../../test/fake-server';
import { openAdmin } from '../admin-test-fixtures';

const SLOW = { timeout: 10_000 };
const URL = '/api/v2/analysis/score_settings';

/** The alert settings screen of an administrator, as after a reload. */
function openSettings(routes: Record<string, FakeHandler | FakeReply>) {
  return openAdmin('/app/admin/alerts', ['admin-alerts'], {
    'GET /api/rest/alerts/settings': {
      body: { codes: [], thresholds: {}, groups: [], vehicles: [], zones: [] },
    },
    'POST /api/v2/alert/get_all_types': { body: { groups: [], types: [] } },
    'GET /api/rest/alerts/recipients': { body: { roles: [], users: [] } },
    'GET /api/rest/admin/groups': { body: [] },
    'GET /api/rest/admin/vehicles': { body: [] },
    ...routes,
  });
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

describe('score settings', () => {
  it('shows the defaults, checks the floors and saves the edited settings', async () => {
    let sent: unknown = null;
    openSettings({
      [`GET ${URL}`]: { body: SCORE_SETTINGS_DEFAULTS },
      [`PUT ${URL}`]: (call) => {
        sent = call.body;
        return { body: call.body };
      },
    });
    fireEvent.click(await screen.findByTestId('score-settings-tab', {}, SLOW));
    await screen.findByTestId('score-settings', {}, SLOW);
    expect(screen.getByTestId('score-settings-defaults-note')).toBeInTheDocument();
    expect(input('score-safetyLetterFloors-0').value).toBe('97');
    expect(input('score-scale-kickdown-zeroAt').value).toBe('8');
    const save = screen.getByTestId('score-settings-save');
    expect(save).toBeDisabled();

    // B above A: the message is on B and nothing is sent.
    fireEvent.change(input('score-safetyLetterFloors-1'), { target: { value: '98' } });
    expect(
      await screen.findByText('Debe ser menor que la letra anterior', {}, SLOW),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    // A scale whose two ends are equal.
    fireEvent.change(input('score-safetyLetterFloors-1'), { target: { value: '95' } });
    fireEvent.change(input('score-scale-kickdown-hundredAt'), { target: { value: '8' } });
    expect(
      await screen.findByText('Debe ser distinto del valor que puntúa 0', {}, SLOW),
    ).toBeInTheDocument();
    fireEvent.change(input('score-scale-kickdown-hundredAt'), { target: { value: '0.5' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(sent).not.toBeNull());
    const body = sent as ScoreSettingsBody;
    expect(body.safetyLetterFloors).toEqual([97, 95, 90, 85, 80, 70]);
    expect(body.scales.kickdown).toEqual({ zeroAt: 8, hundredAt: 0.5 });
    expect(body.letterFloors).toEqual(SCORE_SETTINGS_DEFAULTS.letterFloors);
  }, 60_000);

  it('restores the defaults over a tenant’s own settings', async () => {
    const own: ScoreSettingsBody = {
      ...SCORE_SETTINGS_DEFAULTS,
      letterFloors: [80, 70, 60, 50, 40, 30],
    };
    openSettings({ [`GET ${URL}`]: { body: own } });
    fireEvent.click(await screen.findByTestId('score-settings-tab', {}, SLOW));
    await screen.findByTestId('score-settings', {}, SLOW);
    expect(screen.queryByTestId('score-settings-defaults-note')).toBeNull();
    expect(input('score-letterFloors-0').value).toBe('80');
    fireEvent.click(screen.getByTestId('score-settings-restore'));
    await waitFor(() => expect(input('score-letterFloors-0').value).toBe('90'));
    expect(screen.getByTestId('score-settings-save')).toBeEnabled();
    fireEvent.click(screen.getByTestId('score-settings-discard'));
    await waitFor(() => expect(input('score-letterFloors-0').value).toBe('80'));
  });

  it('says when the settings cannot be loaded, and retries', async () => {
    let failing = true;
    openSettings({
      [`GET ${URL}`]: () =>
        failing ? { status: 500, body: { error: 'x' } } : { body: SCORE_SETTINGS_DEFAULTS },
    });
    fireEvent.click(await screen.findByTestId('score-settings-tab', {}, SLOW));
    const error = await screen.findByTestId('score-settings-error', {}, SLOW);
    failing = false;
    fireEvent.click(error.querySelector('button')!);
    await screen.findByTestId('score-settings', {}, SLOW);
  });
});
