import { Box, Typography } from '@mui/material';
import { Edit, SimpleForm, useRecordContext } from 'react-admin';
import { bannerBody } from './bannerBody';
import { BannerInputs } from './BannerInputs';

function CurrentPicture() {
  const banner = useRecordContext<{ imageUrl: string; title: string }>();
  if (!banner) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2">Current picture</Typography>
      <img src={banner.imageUrl} alt={banner.title} style={{ maxWidth: 360, maxHeight: 120, objectFit: 'cover' }} />
    </Box>
  );
}

export function BannerEdit() {
  return (
    <Edit title="Banner" mutationMode="pessimistic" redirect="list" transform={bannerBody}>
      <SimpleForm sx={{ maxWidth: 760 }}>
        <CurrentPicture />
        <BannerInputs />
      </SimpleForm>
    </Edit>
  );
}
