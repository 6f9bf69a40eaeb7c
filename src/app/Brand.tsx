import { HStack, Image, Text } from '@chakra-ui/react';

/** The FAMS mark and name; `color` follows the surface it sits on. */
export function Brand({ color = 'inherit', size = 8 }: { color?: string; size?: number }) {
  return (
    <HStack gap="2" color={color}>
      <Image src="/icons/icon-192.png" alt="" boxSize={size} />
      <Text fontWeight="bold" fontSize="lg" letterSpacing="wide">
        FAMS
      </Text>
    </HStack>
  );
}
