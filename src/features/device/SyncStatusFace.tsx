import { useEffect, useState, type ButtonHTMLAttributes, type Ref } from 'react';
import { useSnapshot } from 'valtio';
import css from '@/app/plain/shell.module.css';
import { LuCloud, LuCloudOff, LuRefreshCw } from '@/app/ui/field-icons';
import { useSyncStatus } from '@/lib/offline/hooks';
import { describeStatus, lastSyncText } from '@/lib/offline/status';
import { session } from '@/lib/session';

/** Re-renders every 30 s so "synced 2 min ago" stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { now: number; ref?: Ref<HTMLButtonElement> };

/**
 * The button: online or offline, how many records wait, when the last sync succeeded; its accessible name carries the
 * state. Static CSS (ADR 054); the popover's trigger (`Popover.Trigger asChild`) passes its props and ref.
 */
export function SyncStatusFace({ now, className, ...props }: Props) {
  const s = useSyncStatus();
  const { offline: offlineSession } = useSnapshot(session);
  const name = describeStatus(s, offlineSession);
  const Icon = s.running && s.waiting > 0 ? LuRefreshCw : s.online && !offlineSession ? LuCloud : LuCloudOff;
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      className={`${css.navButton} ${css.syncButton} ${className ?? ''}`}
      {...props}
    >
      <Icon aria-hidden />
      <span className={`${css.faceText} ${css.fromSm}`}>
        <span className={css.faceName}>
          {s.online && !offlineSession ? 'Online' : offlineSession && s.online ? 'Offline session' : 'Offline'}
        </span>
        <span className={css.faceSub}>{lastSyncText(s.lastSuccessAt, s.waiting, now)}</span>
      </span>
      {s.waiting > 0 && <span className={`${css.badge} ${css.badgeYellow}`}>{s.waiting}</span>}
      {s.rejected > 0 && <span className={`${css.badge} ${css.badgeRed}`}>{s.rejected}</span>}
    </button>
  );
}
