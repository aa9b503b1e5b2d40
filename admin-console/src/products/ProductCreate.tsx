import { Create, SimpleForm } from 'react-admin';
import { NEW_PRODUCT_DEFAULTS, ProductInputs, productBody } from './ProductInputs';

export function ProductCreate() {
  return (
    <Create title="New loan product" redirect="edit" transform={(values: Record<string, unknown>) => productBody(values, true)}>
      <SimpleForm defaultValues={NEW_PRODUCT_DEFAULTS} sx={{ maxWidth: 760 }}>
        <ProductInputs create />
      </SimpleForm>
    </Create>
  );
}
