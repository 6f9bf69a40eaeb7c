import { Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { PAGE_SIZES } from './listSearch';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** "1–25 of 180", rows per page and previous/next; the server does the paging. */
export function Pager({ page, pageSize, total, onPage, onPageSize }: Props) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Flex as="nav" aria-label="Pages" mt="3" gap="3" align="center" justify="space-between" wrap="wrap">
      <Flex align="center" gap="2">
        <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          <label htmlFor={sizeId}>Rows per page</label>
        </Text>
        <NativeSelect.Root size="sm" w="20">
          <NativeSelect.Field id={sizeId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <Text fontSize="sm" aria-live="polite">
        {first}–{last} of {total.toLocaleString()}
      </Text>
      <Flex gap="2" align="center">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <LuChevronLeft aria-hidden /> Previous
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap">
          Page {Math.min(page, pages)} of {pages}
        </Text>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next <LuChevronRight aria-hidden />
        </Button>
      </Flex>
    </Flex>
  );
}
