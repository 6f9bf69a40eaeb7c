import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/**
 * The account's Power BI report in Microsoft's iframe, through `powerbi-client` (ADR 041). Imported
 * lazily by `PowerbiEmbed`, so the library (~100 KB) loads only for accounts that have a report.
 * An error the report raises (expired token, no network to Microsoft) is handed to `onError`.
 */
export default function PowerbiReport({
  reportId,
  embedUrl,
  token,
  onError,
}: {
  reportId: string;
  embedUrl: string;
  token: string;
  onError: (message: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let done = false;
    let reset: (() => void) | undefined;
    void import('powerbi-client').then((pbi) => {
      if (done) return;
      const svc = new pbi.service.Service(
        pbi.factories.hpmFactory,
        pbi.factories.wpmpFactory,
        pbi.factories.routerFactory,
      );
      const report = svc.embed(el, {
        type: 'report',
        id: reportId,
        embedUrl,
        accessToken: token,
        tokenType: pbi.models.TokenType.Embed,
      });
      report.on('error', (e) => {
        const detail = (e.detail as { message?: string } | undefined)?.message;
        onError(`Power BI could not be reached${detail ? `: ${detail}` : ''}.`);
      });
      reset = () => svc.reset(el);
    });
    return () => {
      done = true;
      reset?.();
    };
  }, [reportId, embedUrl, token, onError]);
  return <Box ref={ref} h="70vh" w="full" aria-label="Power BI report" role="region" />;
}
