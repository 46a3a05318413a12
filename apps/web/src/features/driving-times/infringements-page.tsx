import { CountCards } from './count-cards';
import { DRIVING_RULES, INFRINGEMENT_SEVERITIES, type InfringementDto } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useInfringements } from '../../shared/driving-times/driving-times-api';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PeriodScreen } from '../../shared/period/period-screen';
import { useAddressPeriod } from '../../shared/period/use-address-period';
import { useSession } from '../../shared/services';
import { DataTable } from '../../shared/table/data-table';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { SelectFilter, TableMessage } from '../../shared/table/table-parts';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import {
  driversOf,
  filterInfringements,
  InfringementCard,
  infringementColumns,
  infringementLink,
} from './infringement-rows';

/** `driver/infringements` (issue 26): the period's driving-time infringements, Excel export. */
export default function InfringementsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const zone = useSession((s) => s.user?.config.timeZone ?? 0);
  const navigate = useNavigate();
  const params = useAddressPeriod(zone);
  const { period, get, update } = params;
  const answer = useInfringements(period.fromMs, period.toMs);
  const all = useMemo(() => answer.data?.infringements ?? [], [answer.data]);
  const filter = { severity: get('severity'), rule: get('rule'), driver: get('driver') };
  const filtered = useMemo(
    () => filterInfringements(all, filter),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is three strings
    [all, filter.severity, filter.rule, filter.driver],
  );
  const columns = useMemo(() => infringementColumns(t, language, zone), [t, language, zone]);
  // The end and the card go to Excel; on screen the row keeps to the width of a 1440 px screen.
  const shownColumns = useMemo(
    () => columns.filter((c) => c.id !== 'end' && c.id !== 'codigo'),
    [columns],
  );
  const table = useSortedRows(
    filtered,
    shownColumns,
    { column: 'start', direction: 'desc' },
    language,
  );
  const counts = INFRINGEMENT_SEVERITIES.map(
    (s) => [s, filtered.filter((i) => i.severity === s).length] as const,
  );
  const title = t('drivingTimes.infringements');
  const open = (i: InfringementDto) => {
    const link = infringementLink(i, zone);
    if (link) void navigate(link);
  };
  return (
    <PeriodScreen
      testId="infringements-page"
      title={title}
      params={params}
      offset={zone}
      query={answer}
    >
      <CountCards
        testIdPrefix="inf-summary"
        cards={counts.map(([severity, count]) => ({
          key: severity,
          label: t(`drivingTimes.severity.${severity}`),
          count,
        }))}
      />
      <ExcelTableToolbar
        kind="driving-infringements"
        title={title}
        columns={() => columns}
        shown={table.rows}
        total={all.length}
      >
        <SelectFilter
          id="inf-severity"
          testId="inf-severity"
          label={t('drivingTimes.columns.severity')}
          value={filter.severity}
          allLabel={t('drivingTimes.all')}
          options={INFRINGEMENT_SEVERITIES.map((s) => ({
            value: s,
            label: t(`drivingTimes.severity.${s}`),
          }))}
          onChange={(value) => update({ severity: value })}
        />
        <SelectFilter
          id="inf-rule"
          testId="inf-rule"
          label={t('drivingTimes.columns.rule')}
          value={filter.rule}
          allLabel={t('drivingTimes.all')}
          options={DRIVING_RULES.map((r) => ({ value: r, label: t(`drivingTimes.rule.${r}`) }))}
          onChange={(value) => update({ rule: value })}
        />
        <SelectFilter
          id="inf-driver"
          testId="inf-driver"
          label={t('drivingTimes.columns.driver')}
          value={filter.driver}
          allLabel={t('drivingTimes.all_drivers')}
          options={driversOf(all, language)}
          onChange={(value) => update({ driver: value })}
        />
      </ExcelTableToolbar>
      {table.rows.length === 0 ? (
        <TableMessage
          kind="empty"
          text={
            all.length === 0
              ? t('drivingTimes.no_infringements_period')
              : t('drivingTimes.empty_filtered')
          }
        />
      ) : (
        <DataTable
          testId="infringements-table"
          {...table}
          rowKey={(i) => i.id}
          rowTestId={() => 'inf-row'}
          onRowClick={open}
          rowLabel={(i) => t('drivingTimes.open_infringement', { driver: i.nombre || i.codigo })}
          renderCard={(i) => <InfringementCard item={i} language={language} zone={zone} t={t} />}
        />
      )}
    </PeriodScreen>
  );
}
