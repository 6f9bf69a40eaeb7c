import { Box } from '@chakra-ui/react';
import type { TankLevel } from '@/contract/tanks';
import { fillPalette, pct } from './present';
import { litresTotal as litres } from '@/lib/format';

interface Props {
  tank: Pick<TankLevel, 'fillPct' | 'grossLitres' | 'capacity' | 'safeFill' | 'lowLevel' | 'alarms' | 'source'>;
  /** Horizontal (cards) or vertical (the wall board: a tank seen from the side). */
  orientation?: 'horizontal' | 'vertical';
  size?: string;
}

/**
 * A tank's fill as a meter, with marks at the low level and the safe fill. The colour says the
 * alarm; the numbers are in its accessible name, so nothing depends on seeing the colour.
 */
export function FillBar({ tank, orientation = 'horizontal', size }: Props) {
  const vertical = orientation === 'vertical';
  const fill = Math.max(0, Math.min(100, tank.fillPct));
  const at = (litresAt: number) => `${Math.max(0, Math.min(100, (litresAt / tank.capacity) * 100))}%`;
  const palette = fillPalette(tank);
  const mark = (litresAt: number, color: string) => (
    <Box
      position="absolute"
      bg={color}
      {...(vertical
        ? { left: '0', right: '0', h: '2px', bottom: at(litresAt) }
        : { top: '0', bottom: '0', w: '2px', left: at(litresAt) })}
    />
  );
  return (
    <Box
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fill)}
      aria-label={`Fill level, ${pct(tank.fillPct)}: ${litres(tank.grossLitres)} of ${litres(tank.capacity)}`}
      position="relative"
      overflow="hidden"
      bg="bg.emphasized"
      borderWidth="1px"
      borderColor="border.emphasized"
      rounded={vertical ? 'lg' : 'full'}
      {...(vertical ? { w: size ?? '16', h: 'full', minH: '32' } : { h: size ?? '4', w: 'full' })}
    >
      <Box
        position="absolute"
        bg={`${palette}.solid`}
        opacity={tank.source === 'book' ? 0.6 : 1}
        transition="all 0.4s"
        {...(vertical
          ? { left: '0', right: '0', bottom: '0', h: `${fill}%` }
          : { top: '0', bottom: '0', left: '0', w: `${fill}%` })}
      />
      {mark(tank.lowLevel, 'orange.fg')}
      {mark(tank.safeFill, 'red.fg')}
    </Box>
  );
}
