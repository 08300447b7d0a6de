import { useTranslation } from 'react-i18next';
import { DEVICE_CATEGORIES, modelsOfCategory, type DeviceCategoryOption } from '@sbuilding/shared';
import { useDeviceCategories } from '../api/get-categories';

/**
 * The cached category list of the server (spec section 3); while it loads or if it cannot be fetched, the
 * shared catalogue it is built from, so the pickers never stay empty.
 */
export function useCategoryOptions(): { options: DeviceCategoryOption[]; loading: boolean } {
  const { t, i18n } = useTranslation();
  const categories = useDeviceCategories(i18n.language);
  if (categories.data) return { options: categories.data, loading: false };
  const options = DEVICE_CATEGORIES.map((category) => ({
    category,
    name: t(`catalogue.categories.${category}`),
    models: modelsOfCategory(category).map((m) => ({ model: m.id, name: t(`catalogue.models.${m.id}`) })),
  }));
  return { options, loading: categories.isFetching };
}
