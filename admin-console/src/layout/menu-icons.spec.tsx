import CategoryIcon from '@mui/icons-material/Category';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EmailIcon from '@mui/icons-material/Email';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GroupIcon from '@mui/icons-material/Group';
import LockIcon from '@mui/icons-material/Lock';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import PlaceIcon from '@mui/icons-material/Place';
import SavingsIcon from '@mui/icons-material/Savings';
import SmsIcon from '@mui/icons-material/Sms';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as icons from './menu-icons';

/** What MUI's icon renders, without its generated style class and its development-only test id. */
const muiMarkup = (icon: ReactElement) =>
  renderToStaticMarkup(icon)
    .replace(/ css-[A-Za-z0-9-]+/, '')
    .replace(/ data-testid="[A-Za-z]+"/, '');

const REPLACED: [keyof typeof icons, ReactElement][] = [
  ['categoryIcon', <CategoryIcon />],
  ['contactPhoneIcon', <ContactPhoneIcon />],
  ['dashboardIcon', <DashboardIcon />],
  ['descriptionIcon', <DescriptionIcon />],
  ['emailIcon', <EmailIcon />],
  ['expandLessIcon', <ExpandLess fontSize="small" />],
  ['expandMoreIcon', <ExpandMore fontSize="small" />],
  ['groupIcon', <GroupIcon />],
  ['lockIcon', <LockIcon />],
  ['mailOutlineIcon', <MailOutlineIcon />],
  ['paymentsIcon', <PaymentsIcon />],
  ['peopleIcon', <PeopleIcon />],
  ['personIcon', <PersonIcon />],
  ['personSearchIcon', <PersonSearchIcon />],
  ['phoneInTalkIcon', <PhoneInTalkIcon />],
  ['placeIcon', <PlaceIcon />],
  ['savingsIcon', <SavingsIcon />],
  ['smsIcon', <SmsIcon />],
  ['supportAgentIcon', <SupportAgentIcon />],
  ['viewCarouselIcon', <ViewCarouselIcon />],
  ['whatsAppIcon', <WhatsAppIcon />],
];

describe('the menu icons', () => {
  it('replace every MUI icon the menu used', () => {
    expect(REPLACED.map(([name]) => name).sort()).toEqual(Object.keys(icons).sort());
  });

  it.each(REPLACED)('%s is the <svg> MUI renders for its icon', (name, mui) => {
    expect(renderToStaticMarkup(icons[name])).toBe(muiMarkup(mui));
  });
});
