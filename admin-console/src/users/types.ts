/** A staff user as GET /api/admin/users answers it. */
export type StaffUser = {
  id: string;
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'staff';
  roleId: string;
  roleName: string;
  permissions: string[];
  status: 'active' | 'disabled';
  online: boolean;
  device: string | null;
  lastSeenAt: string | null;
  createdAt: string;
};

export type Role = { id: string; name: string; description: string; permissions: string[]; builtIn: boolean; userCount: number };

export type PermissionInfo = { id: string; group: string; label: string };
