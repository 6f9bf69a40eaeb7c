import { Alert } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type { PowerbiEmbed as Embed } from '@/contract/powerbi';
import { Loading } from '@/app/ui/QueryState';

const PowerbiReport = lazy(() => import('./PowerbiReport'));

/** Why the built-in board is shown instead of the account's Power BI report. */
export function PowerbiUnreachable({ message }: { message: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>FAMS&apos;s own board is shown instead.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The account's Power BI report when `/PowerbiAdmin` set one and the server got an embed token;
 * `fallback` (the built-in board) with the reason when Power BI cannot be reached.
 */
export function PowerbiEmbed({ embed, fallback }: { embed: Embed; fallback: React.ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (embed.state === 'none') return fallback;
  if (embed.state === 'unreachable' || failed)
    return (
      <>
        <PowerbiUnreachable message={failed ?? (embed.state === 'unreachable' ? embed.message : '')} />
        {fallback}
      </>
    );
  return (
    <Suspense fallback={<Loading label="Loading the Power BI report" />}>
      <PowerbiReport reportId={embed.reportId} embedUrl={embed.embedUrl} token={embed.token} onError={setFailed} />
    </Suspense>
  );
}
