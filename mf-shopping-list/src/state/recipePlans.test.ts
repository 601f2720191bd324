import { addDays, cleanListName, dayLabel, isoDate, mondayOf, parseIsoDate, weekDays, weekLabel } from './recipePlans';

describe('recipe plan rules', () => {
  it('weeks run Monday to Sunday, also across months and years', () => {
    expect(isoDate(mondayOf(new Date(2026, 10, 23, 9)))).toBe('2026-11-23'); // a Monday
    expect(isoDate(mondayOf(new Date(2026, 10, 29, 23)))).toBe('2026-11-23'); // its Sunday
    expect(isoDate(mondayOf(new Date(2026, 10, 30, 0, 30)))).toBe('2026-11-30'); // next Monday
    expect(weekDays(mondayOf(new Date(2026, 11, 31)))).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(weekLabel(parseIsoDate('2026-11-23')!)).toBe('November 23 – 29, 2026');
    expect(weekLabel(parseIsoDate('2026-11-30')!)).toBe('November 30 – December 6, 2026');
    expect(isoDate(addDays(parseIsoDate('2026-03-08')!, 1))).toBe('2026-03-09');
    expect(dayLabel('2026-11-23')).toBe('Monday, November 23');
  });

  it('reads only real dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('23/11/2026')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
    expect(isoDate(parseIsoDate('2028-02-29')!)).toBe('2028-02-29');
  });

  it('list names: trimmed, spaces collapsed, 1 to 60 characters', () => {
    expect(cleanListName('  Sunday \n  dinners ')).toBe('Sunday dinners');
    expect(() => cleanListName('   ')).toThrow('Enter a name for the list.');
    expect(() => cleanListName('x'.repeat(61))).toThrow('A list name can have at most 60 characters.');
    expect(cleanListName('<b>bold</b>')).toBe('<b>bold</b>');
  });
});
