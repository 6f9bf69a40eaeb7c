import { Badge, Button, Card, DataList, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuChartLine, LuRuler } from 'react-icons/lu';
import { ALARM_LABEL, type TankLevel } from '@/contract/tanks';
import { ago } from '@/lib/offline';
import { FillBar } from './FillBar';
import { ALARM_PALETTE, celsius, mm, pct, readingTime, SOURCE_LABEL, tankTitle } from './present';
import { litresTotal as litres } from '@/lib/format';

interface Props {
  tank: TankLevel;
  now: number;
  onHistory: () => void;
  /** Absent when the user may not record dips. */
  onDip?: () => void;
}

/** One tank on /TankLevels: fill bar, the reading's figures, its age and alarms, history and dip actions. */
export function TankCard({ tank: t, now, onHistory, onDip }: Props) {
  const book = t.source === 'book';
  const figures: Array<[string, string]> = [
    [book ? 'Book stock' : 'Gross volume', litres(t.grossLitres)],
    ['Ullage (to safe fill)', litres(t.ullageLitres)],
    ['Net at 15 °C', litres(t.netLitres15)],
    [
      'Water',
      t.waterHeightMm === null ? '—' : `${mm(t.waterHeightMm)}${t.waterLitres ? ` (${litres(t.waterLitres)})` : ''}`,
    ],
    ['Temperature', celsius(t.temperatureC)],
    ['Product height', mm(t.productHeightMm)],
  ];
  return (
    <Card.Root
      as="li"
      aria-label={`Tank ${tankTitle(t)}`}
      listStyleType="none"
      size="sm"
      borderColor={t.alarms.includes('high') ? 'red.solid' : t.alarms.includes('low') ? 'orange.solid' : undefined}
    >
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Stack gap="0" minW="0">
            <Text fontSize="xs" color="fg.muted" truncate>
              {t.storeCode} · {t.storeName}
            </Text>
            <Heading as="h3" size="md" lineHeight="short">
              {tankTitle(t)}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t.productName}
            </Text>
          </Stack>
          <Badge variant={book ? 'outline' : 'subtle'} colorPalette={book ? 'gray' : 'blue'} flexShrink={0}>
            {SOURCE_LABEL[t.source]}
          </Badge>
        </Flex>
        <Stack gap="1">
          <Flex justify="space-between" align="baseline">
            <Text fontSize="2xl" fontWeight="bold" lineHeight="1">
              {pct(t.fillPct)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              of {litres(t.capacity)}
            </Text>
          </Flex>
          <FillBar tank={t} />
          <Text fontSize="xs" color="fg.muted">
            Low level {litres(t.lowLevel)} · safe fill {litres(t.safeFill)}
          </Text>
        </Stack>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          {figures.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
              <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Text fontSize="sm">
          {t.readAt ? (
            <>
              Last reading <Text as="strong">{readingTime(t.readAt)}</Text> ({ago(Date.parse(t.readAt), now)})
            </>
          ) : (
            <Text as="span" color="fg.muted">
              No reading yet: the figure is the book stock.
            </Text>
          )}
        </Text>
        {t.alarms.length > 0 && (
          <Wrap gap="1" aria-label="Alarms">
            {t.alarms.map((a) => (
              <Badge key={a} colorPalette={ALARM_PALETTE[a]} variant="solid">
                {ALARM_LABEL[a]}
              </Badge>
            ))}
          </Wrap>
        )}
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onHistory} aria-label={`History of ${tankTitle(t)}`}>
            <LuChartLine aria-hidden /> History
          </Button>
          {onDip && (
            <Button size="sm" variant="outline" onClick={onDip} aria-label={`Record dip for ${tankTitle(t)}`}>
              <LuRuler aria-hidden /> Record dip
            </Button>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
