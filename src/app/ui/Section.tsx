import { Card, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card of the page (a region named by its h2). */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Body>
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            {action}
          </Flex>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
