import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/** Spec §8: 'Page not found: {path}' for any path no route matches. */
export function NotFound() {
  const path = window.location.pathname;
  return (
    <Box sx={{ p: 4 }} role="alert">
      <Title title="Not found" />
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found: {path}
      </Typography>
      <Typography variant="body2">
        <Link to="/Dashboard">Go to the dashboard</Link>
      </Typography>
    </Box>
  );
}
