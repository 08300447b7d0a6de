import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBlob } from '@/lib/request';

/** The texts a plan draws itself (its `<text>` elements), each with its spaces folded. */
export function planNamesOf(svg: string): string[] {
  // Parsed as data and read for its texts; never put into the page.
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  return [...doc.getElementsByTagName('text')]
    .map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '');
}

/** The names a floor's plan already shows (room names of a drawn plan), so the zone overlay does not repeat them. */
export async function getPlanNames(planUrl: string): Promise<string[]> {
  const blob = await getBlob(planUrl, { silent: true });
  return planNamesOf(await blob.text());
}

export function planNamesQueryOptions(planUrl: string) {
  return queryOptions({
    queryKey: ['buildings', 'plan-names', planUrl],
    queryFn: () => getPlanNames(planUrl),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * The names the plan shows; null while not known yet; empty when the plan could not be read (then the
 * overlay names every zone itself).
 */
export function usePlanNames(planUrl: string | null): readonly string[] | null {
  const query = useQuery({ ...planNamesQueryOptions(planUrl ?? ''), enabled: planUrl !== null });
  if (query.isError) return [];
  return query.data ?? null;
}
