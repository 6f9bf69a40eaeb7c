import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuInbox, LuSearchX, LuTrash2 } from 'react-icons/lu';
import { NoData } from '../QueryState';

interface EmptyProps {
  /** Plural noun, e.g. "stores". */
  plural: string;
  filtered: boolean;
  deleted: boolean;
  onClear: () => void;
  /** A create button, when the user may create. */
  create?: ReactNode;
}

/** No rows: nothing yet (with a create action), nothing matching (clear), nothing deleted. */
export function ListEmpty({ plural, filtered, deleted, onClear, create }: EmptyProps) {
  const [icon, title, text] = deleted
    ? [
        <LuTrash2 key="i" />,
        `No deleted ${plural}`,
        filtered ? 'None match the search and filters.' : 'Deleted records would be listed here to restore.',
      ]
    : filtered
      ? [<LuSearchX key="i" />, `No ${plural} match`, 'Try other words or clear the search and filters.']
      : [
          <LuInbox key="i" />,
          `No ${plural} yet`,
          create ? `Create the first one.` : `There are none in this account yet.`,
        ];
  const action = filtered ? (
    <Button size="sm" variant="outline" onClick={onClear}>
      Clear search and filters
    </Button>
  ) : (
    !deleted && create
  );
  return (
    <NoData title={title} icon={icon} action={action}>
      {text}
    </NoData>
  );
}
