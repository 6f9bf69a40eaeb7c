import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { ProductsPage } from '@/features/setup/catalog/ProductsPage';

export const Route = createFileRoute('/_app/products')({
  beforeLoad: guard('/products'),
  validateSearch: validateListSearch,
  component: ProductsPage,
});
