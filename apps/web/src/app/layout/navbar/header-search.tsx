import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isExternal } from '@sbuilding/shared';
import { useSession } from '@/lib/session';
import { createRouteSearch, searchEntries } from './route-search';

/** Jump to any page of the menu by a fuzzy title or path. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes);
  const [query, setQuery] = useState('');
  const search = useMemo(
    () => createRouteSearch(searchEntries(routes, (key) => t(`routes.${key}`))),
    [routes, t],
  );
  const options = useMemo(
    () => search(query).map((e) => ({ value: e.path, label: e.title.join(' > ') })),
    [search, query],
  );

  const onSelect = (path: string) => {
    setQuery('');
    if (isExternal(path)) window.open(path, '_blank', 'noopener,noreferrer');
    else navigate(path);
  };

  return (
    <Select<string | null>
      className="sb-header-search"
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      prefix={<SearchOutlined aria-hidden />}
      value={null}
      showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
      options={options}
      notFoundContent={query ? t('search.noResult') : null}
      suffixIcon={null}
      onSelect={(value) => value && onSelect(value)}
      popupMatchSelectWidth={false}
    />
  );
}
