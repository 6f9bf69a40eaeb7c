import { Alert, Badge, Button, Flex, Progress, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { IMPORT_TARGET_INFO, type ImportJob } from '@/contract/imports';
import { saveFile } from '@/lib/resource';
import { importsApi } from './client';
import { STATUS_COLOUR, STATUS_LABEL } from './labels';
import { ProblemRows } from './Problems';
import { Section } from '@/app/ui/Section';
import { count } from '@/lib/format';

/** Steps 4 and 5: the progress of a running import, then what it did and the rows it could not import. */
export function JobStatus({ job, onNew }: { job: ImportJob; onNew: () => void }) {
  const finished = job.status === 'done' || job.status === 'failed';
  const imported = job.created + job.updated + job.unchanged;
  return (
    <Section
      title={`Import of ${job.fileName}`}
      action={
        finished && (
          <Button size="sm" variant="outline" onClick={onNew}>
            Import another file
          </Button>
        )
      }
    >
      <Flex gap="2" align="center" wrap="wrap">
        <Badge colorPalette={STATUS_COLOUR[job.status]} size="lg">
          {STATUS_LABEL[job.status]}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {IMPORT_TARGET_INFO[job.target].label} · {count(job.rowsRead)} rows read
        </Text>
      </Flex>
      {!finished && (
        <Progress.Root value={job.progress} max={100} colorPalette="blue" striped animated>
          <Flex justify="space-between" mb="1">
            <Progress.Label>{job.status === 'queued' ? 'Waiting to start' : 'Importing'}</Progress.Label>
            <Progress.ValueText />
          </Flex>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {job.message && (
        <Alert.Root status={job.status === 'failed' ? 'error' : 'info'} role="alert">
          <Alert.Indicator />
          <Alert.Title>{job.message}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" role="group" aria-label="Result summary">
        {(
          [
            ['Created', job.created, 'green'],
            ['Updated', job.updated, 'blue'],
            ['Unchanged', job.unchanged, 'gray'],
            ['Failed', job.failed, 'red'],
          ] as const
        ).map(([label, n, colour]) => (
          <Stat.Root
            key={label}
            borderWidth="1px"
            rounded="md"
            p="3"
            borderColor={n && label === 'Failed' ? 'red.muted' : undefined}
          >
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText color={n ? `${colour}.fg` : undefined}>{count(n)}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      {finished && (
        <Flex gap="3" align="center" wrap="wrap">
          <Text>
            {count(imported)} of {count(job.rowsRead)} rows imported
            {job.failed ? `, ${count(job.failed)} not imported` : ''}.
          </Text>
          <Button size="sm" variant="outline" onClick={() => void importsApi.report(job).then(saveFile)}>
            <LuDownload aria-hidden /> Download result report
          </Button>
        </Flex>
      )}
      {job.errors.length > 0 && <ErrorList job={job} />}
    </Section>
  );
}

function ErrorList({ job }: { job: ImportJob }) {
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        Rows not imported
        {job.errors.length < job.failed ? ` (the first ${job.errors.length} problems; the report lists every row)` : ''}
        :
      </Text>
      <ProblemRows
        caption="Rows not imported"
        rows={job.errors.map((e, i) => ({
          key: `${e.row}-${i}`,
          row: e.row,
          problems: [`${e.column ? `${e.column}: ` : ''}${e.message}`],
        }))}
      />
    </>
  );
}
