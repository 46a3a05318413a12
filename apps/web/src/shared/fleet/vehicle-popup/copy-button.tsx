import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useServices } from '../../services';
import { COPY_CHECK_MS } from './popup-format';

/** Copies a text; a check mark replaces the icon for 2 s after it succeeds (spec §2, §9). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { snackbar } = useServices();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      snackbar.notify({ type: 'error', message: t('fleet.popup.copy_failed') });
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_CHECK_MS);
  }

  return (
    <Tooltip title={copied ? t('fleet.popup.copied') : label}>
      <IconButton
        size="small"
        onClick={() => void copy()}
        aria-label={copied ? t('fleet.popup.copied') : label}
        data-testid="copy-plate"
        data-copied={copied ? 'true' : 'false'}
        color={copied ? 'success' : 'default'}
      >
        {copied ? (
          <CheckIcon fontSize="small" data-testid="copy-check" />
        ) : (
          <ContentCopyIcon fontSize="small" />
        )}
      </IconButton>
    </Tooltip>
  );
}
