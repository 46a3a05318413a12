import type { ReportFilters, ReportKind } from '@rumbo/contracts';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { SubscriptionDialog } from './subscription-dialog';

/** "Send me this" on a report screen: the subscription dialog with the screen's report and filters. */
export function SendMeThisButton({
  report,
  filters,
}: {
  report: ReportKind;
  filters?: ReportFilters;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        {t('reports.send_me_this')}
      </Button>
      {open ? (
        <SubscriptionDialog
          start={{ report, ...(filters ? { filters } : {}) }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
