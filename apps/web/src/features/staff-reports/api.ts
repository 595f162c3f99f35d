import { AttributionReportSchema, staffApi } from '@cabinet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../shared/staff/client';

/** The attribution report of a period (managers): calendar days, both included. */
export function useAttributionReport(from: string, to: string) {
  return useQuery({
    queryKey: ['staff', 'reports', 'attribution', from, to],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ from, to });
      return AttributionReportSchema.parse(
        await staffFetch(`${staffApi.attributionReport}?${query.toString()}`, { signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
}
