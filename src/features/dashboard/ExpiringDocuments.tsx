import { Card, Heading, Link as ChakraLink } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRoles } from '@/app/access';
import { LoadError } from '@/app/ui/QueryState';
import { satisfies } from '@/contract/access';
import { ExpiringDocuments as Body } from '@/contract/commercial/documents';
import { DOCUMENT_PATHS } from '@/contract/commercial/resources';
import { screenFor } from '@/contract/screens';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';
import { ExpiringDocumentsList } from './ExpiringDocumentsList';

/**
 * The admin's card of documents expiring within 30 days (calibration certificates and the like), from
 * `GET /documents/expiring` (issue 16). Not shown to other roles, whom the endpoint refuses.
 */
export function ExpiringDocumentsCard() {
  const admin = satisfies(useRoles(), 'admin');
  const q = useQuery({
    queryKey: [DOCUMENT_PATHS.expiring],
    queryFn: ({ signal }) => api.get(relative(DOCUMENT_PATHS.expiring), Body, { signal, quiet: true }),
    enabled: admin,
    refetchInterval: 30 * 60_000,
  });
  if (!admin) return null;
  return (
    <Card.Root as="section" aria-label="Documents expiring" size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Documents expiring
        </Heading>
        {q.isError && (
          <LoadError what="The expiring documents" message={q.error.message} onRetry={() => void q.refetch()} />
        )}
        {q.data && <ExpiringDocumentsList data={q.data} />}
        {q.data && q.data.documents.length > 0 && screenFor('/Documentlist')?.ready && (
          <ChakraLink asChild color="orange.fg" fontWeight="semibold" fontSize="sm">
            <Link to="/Documentlist" search={{ 'f.expiry': 'expiring' }}>
              Review documents
            </Link>
          </ChakraLink>
        )}
      </Card.Body>
    </Card.Root>
  );
}
