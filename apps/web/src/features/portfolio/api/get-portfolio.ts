import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portfolioSchema, type PortfolioQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** The portfolio of the caller's projects (every tenant's for the platform administrator). */
export function usePortfolio(query: PortfolioQueryInput) {
  return useQuery({
    queryKey: ['energy', 'portfolio', query],
    queryFn: () => get('/sbuilding/energy/portfolio', { params: query, schema: portfolioSchema }),
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
