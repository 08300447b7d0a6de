import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sysDictDataSchema, type SysDictData } from '@sbuilding/shared';
import { get } from './request';

export interface DictOption {
  value: string;
  label: string;
  /** The row's tag style (default, primary, success, info, warning, danger), '' when none. */
  listClass: string;
}

/** Every dictionary query starts with this key: a dictionary edit invalidates them all. */
export const DICT_QUERY_KEY = ['dict'] as const;

/** Dictionaries change rarely (an administrator's edit, which invalidates them): keep them for the visit. */
const DICT_STALE_MS = 60 * 60_000;

export function fetchDict(type: string): Promise<SysDictData[]> {
  return get(`/system/dict/data/type/${encodeURIComponent(type)}`, { schema: z.array(sysDictDataSchema) });
}

export function dictQueryOptions(type: string) {
  return queryOptions({
    queryKey: [...DICT_QUERY_KEY, 'type', type],
    queryFn: () => fetchDict(type),
    staleTime: DICT_STALE_MS,
  });
}

/** The label of a row in a language: Chinese when there is one, else the English `dictLabel`. */
export function dictLabelIn(row: Pick<SysDictData, 'dictLabel' | 'dictLabelZh'>, language: string): string {
  return language.startsWith('zh') && row.dictLabelZh ? row.dictLabelZh : row.dictLabel;
}

/** The options of a dictionary (spec: option lists come from dictionaries) in the current language. */
export function useDict(type: string): DictOption[] {
  const { i18n } = useTranslation();
  const { data } = useQuery(dictQueryOptions(type));
  const language = i18n.language;
  return useMemo(
    () =>
      (data ?? []).map((row) => ({
        value: row.dictValue,
        label: dictLabelIn(row, language),
        listClass: row.listClass,
      })),
    [data, language],
  );
}

/** The label of `value`, the raw value when the dictionary does not (yet) know it. */
export function labelOf(options: readonly DictOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
