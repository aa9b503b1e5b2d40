import { Navigate, type RouteObject } from 'react-router';
import { Home } from './routes/public/Home';
import { PublicLayout } from './routes/public/PublicLayout';
import { ErrorPage } from './shell/ErrorPage';
import { NotFound } from './shell/ErrorView';
import { Root } from './shell/Root';

/**
 * Every path of the portal (spec §2), case-sensitive. Home and the public shell are in the first chunk; every other
 * page is its own chunk, so the public pages never load the borrower area.
 */
type LazyModule = { default: React.ComponentType };
const page = (path: string | undefined, load: () => Promise<LazyModule>, children?: RouteObject[]): RouteObject =>
  ({
    ...(path === undefined ? { index: true as const } : { path, caseSensitive: true }),
    lazy: async () => ({ Component: (await load()).default }),
    ...(children ? { children } : {}),
  }) as RouteObject;

/** One flow per loan type: /User/newLoan/Emi and /User/newLoan/salaryAdvance. */
const newLoanFlow = (segment: 'Emi' | 'salaryAdvance'): RouteObject => ({
  path: `newLoan/${segment}`,
  caseSensitive: true,
  children: [
    page(undefined, () => import('./routes/User/newLoan/Start')),
    page(':id', () => import('./routes/User/newLoan/Resume')),
    page(':id/Step0', () => import('./routes/User/newLoan/Step0')),
    page(':id/Step1', () => import('./routes/User/newLoan/Step1')),
    page(':id/Step5', () => import('./routes/User/newLoan/Step5'), [
      page('pdfDisplay', () => import('./routes/User/newLoan/PdfDisplay')),
      page('pdfDownload', () => import('./routes/User/newLoan/PdfDownload')),
    ]),
    page(':id/Step6', () => import('./routes/User/newLoan/Step6')),
    page(':id/Step7', () => import('./routes/User/newLoan/Step7')),
  ],
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { index: true, element: <Home /> },
              page('About', () => import('./routes/public/About')),
              page('Contact-us', () => import('./routes/public/ContactUs')),
              page('privacy-policy', () => import('./routes/public/PrivacyPolicy')),
              page('terms-and-conditions', () => import('./routes/public/Terms')),
              page('Rate-terms', () => import('./routes/public/RateTerms')),
              page('EmiCalculator', () => import('./routes/public/EmiCalculatorPage')),
              page('Eagreement/:id', () => import('./routes/public/Eagreement')),
              page('quickStart', () => import('./routes/public/QuickStart')),
              page('quickStart/components/:step', () => import('./routes/public/QuickStart')),
              page('Auth/Login', () => import('./routes/Auth/Login')),
              page('Auth/Register', () => import('./routes/Auth/Register')),
              page('Auth/ForgotPassword', () => import('./routes/Auth/ForgotPassword')),
              page('Auth/confirm-password/:id', () => import('./routes/Auth/ConfirmPassword')),
              // The catch-all /{state}/{id}: a state and city landing page, or 'Page not found' (docs/borrower-portal.md).
              page(':state/:city', () => import('./routes/public/StatePage')),
              { path: '*', element: <NotFound /> },
            ],
          },
          page('ClearCache', () => import('./routes/public/ClearCache')),
          {
            path: 'User',
            caseSensitive: true,
            lazy: async () => ({ Component: (await import('./routes/User/UserLayout')).default }),
            children: [
              { index: true, element: <Navigate to="/User/Dashboard" replace /> },
              page('Dashboard', () => import('./routes/User/Dashboard')),
              page('Help', () => import('./routes/User/Help')),
              page('Consents', () => import('./routes/User/Consents')),
              page('Data', () => import('./routes/User/Data')),
              page('Loans', () => import('./routes/User/Loans/LoanList')),
              page('Loans/verifypayment', () => import('./routes/User/Loans/VerifyPayment')),
              page('Loans/:id', () => import('./routes/User/Loans/LoanDetail')),
              {
                path: 'Profile',
                caseSensitive: true,
                lazy: async () => ({ Component: (await import('./routes/User/Profile/ProfileLayout')).default }),
                children: [
                  page(undefined, () => import('./routes/User/Profile/ProfileSection')),
                  page('Profile', () => import('./routes/User/Profile/ProfileSection')),
                  ...['Address', 'Bank', 'Employment', 'Reference'].map((section) =>
                    page(section, () => import('./routes/User/Profile/SectionPage')),
                  ),
                  page('Documents', () => import('./routes/User/Profile/DocumentsSection')),
                  page('Selfie', () => import('./routes/User/Profile/SelfieSection')),
                ],
              },
              newLoanFlow('Emi'),
              newLoanFlow('salaryAdvance'),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];
