import { describe, expect, it } from 'vitest';
import { describeFieldErrors, fieldLabel, humanize } from './rejection';

describe('a rejected record in words', () => {
  it('names the fields with the form labels, not the payload keys', () => {
    expect(
      describeFieldErrors('dispenses', {
        litres: ['Litres must be more than 0'],
        dispensedAt: ['A date and time with zone (ISO 8601) is required'],
        note: ['At most 500 characters'],
      }).map((p) => p.text),
    ).toEqual(['Litres: must be more than 0', 'Note: at most 500 characters', 'Time: must be a date and time']);
  });

  it('follows the order of the form and joins the messages of one field', () => {
    const lines = describeFieldErrors('receipts', {
      note: ['Too big: expected string to have <=500 characters'],
      deliveryNote: ['Delivery note number is required'],
      dipAfterMm: [
        'The dip after the delivery cannot be below the dip before',
        'Too big: expected number to be <=100000',
      ],
      tankId: ['Invalid UUID'],
    });
    expect(lines.map((l) => l.path)).toEqual(['tankId', 'deliveryNote', 'dipAfterMm', 'note']);
    expect(lines.map((l) => l.text)).toEqual([
      'Tank: is not one this server knows',
      'Delivery note: is required',
      'Dip after (mm): the dip after the delivery cannot be below the dip before; must be at most 100000',
      'Note: at most 500 characters',
    ]);
  });

  it('calls the meter what the equipment measures', () => {
    const errors = { meter: ['Meter cannot be negative'] };
    expect(describeFieldErrors('dispenses', errors, 'km')[0].text).toBe('Odometer (km): cannot be negative');
    expect(describeFieldErrors('dispenses', errors, 'hours')[0].text).toBe('Hours: cannot be negative');
    expect(describeFieldErrors('dispenses', errors, null)[0].text).toBe('Odometer or hours: cannot be negative');
  });

  it('says zod defaults in plain words', () => {
    const say = (msg: string) => describeFieldErrors('dips', { productHeightMm: [msg] })[0].text;
    expect(say('Too small: expected number to be >=0')).toBe('Product height (mm): must be at least 0');
    expect(say('Too small: expected number to be >0')).toBe('Product height (mm): must be more than 0');
    expect(say('Invalid input: expected number, received NaN')).toBe('Product height (mm): must be a number');
    expect(say('Invalid input: expected number, received undefined')).toBe('Product height (mm): is required');
    expect(say('Beyond the strapping chart (0–2400 mm)')).toBe(
      'Product height (mm): beyond the strapping chart (0–2400 mm)',
    );
  });

  it('keeps nested paths, record-wide messages and unknown fields readable', () => {
    expect(describeFieldErrors('dispenses', { 'gps.lat': ['Too big: expected number to be <=90'] })[0].text).toBe(
      'GPS position: must be at most 90',
    );
    expect(describeFieldErrors('transfers', { _: ['Unknown tank.'] })[0]).toEqual({
      path: '_',
      label: '',
      text: 'Unknown tank',
    });
    expect(describeFieldErrors('transfers', { '': ['unrecognized keys: "x"'] })[0].text).toBe('Is not expected');
    expect(describeFieldErrors('dispenses', { pumpNumberId: ['Unknown pump'] })[0].text).toBe(
      'Pump number: unknown pump',
    );
    expect(describeFieldErrors('dispenses', { litres: [] })).toEqual([]);
    expect(describeFieldErrors('dispenses', null)).toEqual([]);
  });

  it('keeps acronyms capitalised and labels per kind', () => {
    expect(describeFieldErrors('dispenses', { gps: ['GPS fix is too old'] })[0].text).toBe(
      'GPS position: fix is too old',
    );
    expect(describeFieldErrors('dispenses', { employeeId: ['PIN not confirmed'] })[0].text).toBe(
      'Employee: PIN not confirmed',
    );
    expect(fieldLabel('transfers', 'toTankId')).toBe('To tank');
    expect(fieldLabel('dips', 'temperatureC')).toBe('Temperature (°C)');
    expect(fieldLabel('receipts', '_')).toBe('');
    expect(humanize('dipBeforeMm')).toBe('Dip before (mm)');
    expect(humanize('storeId')).toBe('Store');
  });
});
