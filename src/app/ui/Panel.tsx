import { Card, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The card every blank-layout page sits in, with the page's one h1. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root w="full" variant="elevated">
      <Card.Body>
        <Stack gap="5">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
