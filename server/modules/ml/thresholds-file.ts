import fs from 'node:fs';
import Papa from 'papaparse';
import {
  DEFAULT_THRESHOLDS,
  DetectionThresholds,
  THRESHOLD_NAMES,
  type DetectionThresholdsValue,
} from '../../../src/contract/ml';
import { fieldErrorsOf } from '../../lib/errors';
import { fieldError } from '../../lib/resource';
import { numberOf } from './parse';

/**
 * A thresholds file: JSON (`{"leakThresholdLph": 0.3, …}`) or CSV (`name,value` rows, a header
 * line allowed). Thresholds it does not name keep their default (a version is a whole document);
 * an unknown name or a value out of its bounds is 422 `bad_thresholds` naming each.
 */
export async function parseThresholdsFile(file: string): Promise<DetectionThresholdsValue> {
  const text = (await fs.promises.readFile(file, 'utf8')).replace(/^\uFEFF/, '').trim();
  const given: Record<string, unknown> = {};
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw fieldError('bad_thresholds', { file: ['Not valid JSON'] }, 'The thresholds file is not valid JSON.');
    }
    Object.assign(given, json);
  } else {
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    for (const [i, r] of rows.entries()) {
      const [name = '', value = ''] = r.map((c) => c.trim());
      if (i === 0 && numberOf(value) !== null && Number.isNaN(numberOf(value))) continue; // a header line
      given[name] = numberOf(value) ?? value;
    }
  }
  const unknown = Object.keys(given).filter((k) => !(THRESHOLD_NAMES as string[]).includes(k));
  if (unknown.length)
    throw fieldError(
      'bad_thresholds',
      Object.fromEntries(unknown.map((k) => [k, [`Unknown threshold; known: ${THRESHOLD_NAMES.join(', ')}`]])),
      'The thresholds file names unknown thresholds.',
    );
  if (!Object.keys(given).length)
    throw fieldError('bad_thresholds', { file: ['No thresholds in the file'] }, 'The thresholds file is empty.');
  const parsed = DetectionThresholds.safeParse({ ...DEFAULT_THRESHOLDS, ...given });
  if (!parsed.success)
    throw fieldError('bad_thresholds', fieldErrorsOf(parsed.error.issues), 'Some thresholds are out of bounds.');
  return parsed.data;
}
