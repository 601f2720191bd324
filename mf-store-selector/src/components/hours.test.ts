import { fixtures } from 'shared-events/testing';
import { formatClock, hoursText } from './hours';

const monday = new Date(2025, 5, 2, 9, 0);
const tuesday = new Date(2025, 5, 3, 9, 0);

describe('spec §2 Store selector hours', () => {
  it("shows 'Open 24 Hours' for 24-hour stores", () => {
    expect(hoursText({ is24Hours: true, storeHours: [] }, monday)).toBe('Open 24 Hours');
  });

  it("shows today's hours in en-CA 12-hour style", () => {
    expect(hoursText(fixtures.store().hours, monday)).toBe('Today: 7:00 a.m. – 10:00 p.m.');
  });

  it('says so when today has no hours', () => {
    expect(hoursText(fixtures.store().hours, tuesday)).toBe('Hours not available today');
  });

  it('formats clock times', () => {
    expect(formatClock('00:30')).toBe('12:30 a.m.');
    expect(formatClock('12:00')).toBe('12:00 p.m.');
    expect(formatClock('24:00')).toBe('12:00 a.m.');
    expect(formatClock('late')).toBe('late');
  });
});
