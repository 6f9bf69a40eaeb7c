import { Box, Button, Card, Code, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState } from 'react';
import { LuQrCode } from 'react-icons/lu';
import { formatDateTime } from '@/app/ui/list/columns';
import { ENROLMENT_TTL_MIN, type EnrolmentCode } from '@/contract/handhelds';
import { notify } from '@/lib/notify';
import { createEnrolmentCode } from './handhelds.client';
import { OPEN_CODES_KEY } from './OpenCodesCard';

/**
 * A one-time enrolment code with its QR code (server, account, code as JSON): the FAMS handheld app
 * scans it, or the code is typed. Shown once; a new code does not cancel earlier unused ones (the
 * unused codes are listed with Cancel beside this card).
 */
export function EnrolmentCard({ canWrite }: { canWrite: boolean }) {
  const [code, setCode] = useState<(EnrolmentCode & { image: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const queries = useQueryClient();
  const create = async () => {
    setBusy(true);
    try {
      const c = await createEnrolmentCode();
      setCode({ ...c, image: await QRCode.toDataURL(c.qr, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) });
      void queries.invalidateQueries({ queryKey: OPEN_CODES_KEY });
    } catch (e) {
      notify({ tone: 'danger', title: 'No code', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading size="md">Enrol a handheld</Heading>
          <Text color="fg.muted">
            A code works once, for {ENROLMENT_TTL_MIN} minutes. In the FAMS app on the Sunmi handheld, choose Enrol and
            scan the QR code (or type the code). The handheld then appears in the list below with its own key.
          </Text>
          {code && (
            <Flex gap="5" wrap="wrap" align="center" data-testid="enrolment-code">
              <Box borderWidth="1px" borderRadius="md" bg="white" p="1">
                <Image src={code.image} alt={`QR code of enrolment code ${code.code}`} boxSize="240px" />
              </Box>
              <Stack gap="2">
                <Text>Enrolment code</Text>
                <Code fontSize="2xl" px="3" py="2" letterSpacing="wider">
                  {code.code}
                </Code>
                <Text color="fg.muted">Works once, until {formatDateTime(code.expiresAt)}.</Text>
              </Stack>
            </Flex>
          )}
          {canWrite && (
            <Button alignSelf="start" loading={busy} onClick={() => void create()}>
              <LuQrCode aria-hidden /> {code ? 'Another code' : 'New enrolment code'}
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
