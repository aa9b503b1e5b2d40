import { BusinessDateIsAutomatic, calendarDateIn, type BusinessDate, type BusinessDateStatus } from './business-date.port.js';

/** The default: the business date is today in the business time zone (BUSINESS_TIMEZONE, Asia/Kolkata by default). */
export class SystemBusinessDate implements BusinessDate {
  constructor(
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async today(): Promise<string> {
    return calendarDateIn(this.timeZone, this.clock());
  }

  async status(): Promise<BusinessDateStatus> {
    return { date: await this.today(), mode: 'automatic', timeZone: this.timeZone };
  }

  set(): Promise<BusinessDateStatus> {
    return Promise.reject(new BusinessDateIsAutomatic(this.timeZone));
  }
}
