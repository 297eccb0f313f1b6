// The paging a data request's answer accepts: a whole table of a thousand rows on one page.
import { describe, expect, it } from 'vitest';
import { searchByAppInput } from './data-request-inputs';

describe('paging of a data request', () => {
  it('takes a page of up to a thousand rows and refuses a larger one', () => {
    expect(searchByAppInput.parse({ appId: '42', itemsPerPage: 1000 }).itemsPerPage).toBe(1000);
    const refused = searchByAppInput.safeParse({ appId: '42', itemsPerPage: 1001 });
    expect(refused.error?.issues[0]?.message).toBe('validation.pageInvalid');
  });
});
