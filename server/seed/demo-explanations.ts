import type { ResolutionReason } from '../../src/contract/exceptions';

/** How the office explains each kind of exception once checked (reason, words). */
export const EXPLANATIONS: Record<string, [ResolutionReason, string][]> = {
  over_daily_limit: [
    ['explained', 'Double shift that day, approved by the depot manager.'],
    ['explained', 'Long-distance load: extra fuel agreed in advance.'],
    ['other', 'Daily limit to be reviewed with the fleet manager.'],
  ],
  over_monthly_limit: [
    ['explained', 'Busy month: the allocation is too tight for this vehicle and will be raised.'],
    ['explained', 'Extra contract work this month, approved.'],
  ],
  not_allocated: [
    ['explained', 'Filled at another depot on the way back; allowed this once.'],
    ['other', 'Allocation for this site added for next month.'],
  ],
  weekday_not_allowed: [['explained', 'Weekend call-out, approved by the operations manager.']],
  fams24_rule: [
    ['false_alarm', 'AdBlue taken straight after the diesel: one stop, two products.'],
    ['explained', 'Second fill after the pump cut out at the pre-set limit.'],
  ],
};
export const FALLBACK: [ResolutionReason, string][] = [
  ['explained', 'Checked with the driver and the site; in order.'],
];
export const COMMENTS = [
  'Asked the driver for the job card.',
  'Checked the trip sheet.',
  'Waiting for the depot manager.',
];

/** Every text the demo's office resolves an exception with as `reason` (the e2e tests read them). */
export const explanationsFor = (reason: ResolutionReason): string[] =>
  [...Object.values(EXPLANATIONS).flat(), ...FALLBACK].filter(([r]) => r === reason).map(([, text]) => text);
