/**
 * The icons of the shell and the field screens (ADR 017, sixth pass), the same trees as
 * `react-icons/lu` 5.7.0 (Lucide) — copied because the bundler keeps a module in one chunk: importing
 * these from `react-icons/lu` brought every icon the office screens use (50) into the phone's first
 * download. Office screens import `react-icons/lu` directly; `field-icons.test.tsx` renders each
 * one beside react-icons' own and fails when they differ, `fieldImports.test.ts` when a field
 * module imports `react-icons/lu`.
 */
import { GenIcon, type IconTree } from 'react-icons/lib';

const icon = (child: IconTree[]) =>
  GenIcon({
    tag: 'svg',
    attr: {
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: '2',
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
    },
    child,
  });

export const LuCheck = icon([{ tag: 'path', attr: { d: 'M20 6 9 17l-5-5' }, child: [] }]);
export const LuChevronDown = icon([{ tag: 'path', attr: { d: 'm6 9 6 6 6-6' }, child: [] }]);
export const LuCircleAlert = icon([
  { tag: 'circle', attr: { cx: '12', cy: '12', r: '10' }, child: [] },
  { tag: 'line', attr: { x1: '12', x2: '12', y1: '8', y2: '12' }, child: [] },
  { tag: 'line', attr: { x1: '12', x2: '12.01', y1: '16', y2: '16' }, child: [] },
]);
export const LuCircleCheck = icon([
  { tag: 'circle', attr: { cx: '12', cy: '12', r: '10' }, child: [] },
  { tag: 'path', attr: { d: 'm9 12 2 2 4-4' }, child: [] },
]);
export const LuCircleUser = icon([
  { tag: 'circle', attr: { cx: '12', cy: '12', r: '10' }, child: [] },
  { tag: 'circle', attr: { cx: '12', cy: '10', r: '3' }, child: [] },
  { tag: 'path', attr: { d: 'M7 20.662V19a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v1.662' }, child: [] },
]);
export const LuCloud = icon([
  { tag: 'path', attr: { d: 'M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z' }, child: [] },
]);
export const LuCloudDownload = icon([
  { tag: 'path', attr: { d: 'M12 13v8l-4-4' }, child: [] },
  { tag: 'path', attr: { d: 'm12 21 4-4' }, child: [] },
  { tag: 'path', attr: { d: 'M4.393 15.269A7 7 0 1 1 15.71 8h1.79a4.5 4.5 0 0 1 2.436 8.284' }, child: [] },
]);
export const LuCloudOff = icon([
  { tag: 'path', attr: { d: 'm2 2 20 20' }, child: [] },
  { tag: 'path', attr: { d: 'M5.782 5.782A7 7 0 0 0 9 19h8.5a4.5 4.5 0 0 0 1.307-.193' }, child: [] },
  { tag: 'path', attr: { d: 'M21.532 16.5A4.5 4.5 0 0 0 17.5 10h-1.79A7.008 7.008 0 0 0 10 5.07' }, child: [] },
]);
export const LuEye = icon([
  {
    tag: 'path',
    attr: {
      d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0',
    },
    child: [],
  },
  { tag: 'circle', attr: { cx: '12', cy: '12', r: '3' }, child: [] },
]);
export const LuEyeOff = icon([
  {
    tag: 'path',
    attr: { d: 'M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49' },
    child: [],
  },
  { tag: 'path', attr: { d: 'M14.084 14.158a3 3 0 0 1-4.242-4.242' }, child: [] },
  {
    tag: 'path',
    attr: { d: 'M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143' },
    child: [],
  },
  { tag: 'path', attr: { d: 'm2 2 20 20' }, child: [] },
]);
export const LuMapPin = icon([
  {
    tag: 'path',
    attr: { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0' },
    child: [],
  },
  { tag: 'circle', attr: { cx: '12', cy: '10', r: '3' }, child: [] },
]);
export const LuMenu = icon([
  { tag: 'line', attr: { x1: '4', x2: '20', y1: '12', y2: '12' }, child: [] },
  { tag: 'line', attr: { x1: '4', x2: '20', y1: '6', y2: '6' }, child: [] },
  { tag: 'line', attr: { x1: '4', x2: '20', y1: '18', y2: '18' }, child: [] },
]);
export const LuRefreshCw = icon([
  { tag: 'path', attr: { d: 'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8' }, child: [] },
  { tag: 'path', attr: { d: 'M21 3v5h-5' }, child: [] },
  { tag: 'path', attr: { d: 'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16' }, child: [] },
  { tag: 'path', attr: { d: 'M8 16H3v5' }, child: [] },
]);
export const LuStar = icon([
  {
    tag: 'path',
    attr: {
      d: 'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z',
    },
    child: [],
  },
]);
export const LuX = icon([
  { tag: 'path', attr: { d: 'M18 6 6 18' }, child: [] },
  { tag: 'path', attr: { d: 'm6 6 12 12' }, child: [] },
]);
