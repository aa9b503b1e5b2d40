import { Create, SimpleForm } from 'react-admin';
import { bannerBody } from './bannerBody';
import { BannerInputs } from './BannerInputs';

export function BannerCreate() {
  return (
    <Create title="New banner" redirect="list" transform={bannerBody}>
      <SimpleForm defaultValues={{ audience: 'home', active: true, order: 0, startsAt: new Date() }} sx={{ maxWidth: 760 }}>
        <BannerInputs create />
      </SimpleForm>
    </Create>
  );
}
