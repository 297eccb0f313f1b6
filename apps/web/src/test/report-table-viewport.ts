// jsdom lays nothing out: the report table's scroll box gets the height it has in a browser, so
// the virtualiser has rows to show. Call in beforeAll; the returned function undoes it.
export const REPORT_TABLE_VIEWPORT_HEIGHT = 560;

export function giveReportTableAHeight(): () => void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'report-table-scroller' ? REPORT_TABLE_VIEWPORT_HEIGHT : 0;
    },
  });
  return () => Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
}
