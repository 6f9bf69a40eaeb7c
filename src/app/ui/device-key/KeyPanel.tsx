import { Alert, Box, Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { deviceAuthorization } from '@/contract/gauges';

/**
 * A device's new key (gauge gateways, site controllers), shown this once: the server keeps only
 * its hash. With a copy button and the header the device must send; `usage` says where to.
 */
export function KeyPanel({
  deviceId,
  deviceKey,
  usage,
}: {
  deviceId: string;
  deviceKey: string;
  /** "The gateway sends readings to POST … with" */
  usage: ReactNode;
}) {
  const [copied, setCopied] = useState<'key' | 'header' | null>(null);
  const header = `Authorization: ${deviceAuthorization(deviceId, deviceKey)}`;
  const copy = async (what: 'key' | 'header', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <Stack gap="3">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Copy this key now</Alert.Title>
          <Alert.Description>
            It is shown only this once. If it is lost, rotate the key and set the new one on the device.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="1" id="device-key-label">
          Device key
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <Code
            aria-labelledby="device-key-label"
            data-testid="device-key"
            fontSize="sm"
            p="2"
            wordBreak="break-all"
            flex="1"
            minW="0"
          >
            {deviceKey}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copy('key', deviceKey)}>
            {copied === 'key' ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />}{' '}
            {copied === 'key' ? 'Copied' : 'Copy key'}
          </Button>
        </Flex>
      </Box>
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="1">
          {usage}
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <Code fontSize="xs" p="2" wordBreak="break-all" flex="1" minW="0">
            {header}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copy('header', header)}>
            {copied === 'header' ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />}{' '}
            {copied === 'header' ? 'Copied' : 'Copy header'}
          </Button>
        </Flex>
      </Box>
    </Stack>
  );
}
