import type { ConceptoInput, TipoCotizanteInput } from '../dataset.types';

// ---- People -------------------------------------------------------------------------------

export const FIRST_NAMES = [
  'José', 'Juan', 'Andrés', 'Sebastián', 'Julián', 'Martín', 'Óscar', 'Iván', 'Raúl', 'Ramón',
  'Jesús', 'Héctor', 'Nicolás', 'Tomás', 'Simón', 'Matías', 'Joaquín', 'Germán', 'Hernán', 'Rubén',
  'Álvaro', 'Fabián', 'Adrián', 'Mauricio', 'Camilo', 'Santiago', 'Alejandro', 'Daniel', 'Felipe',
  'Jorge', 'Luis', 'Carlos', 'Diego', 'Esteban', 'Gustavo', 'Jairo', 'Wilson', 'Édgar', 'Efraín',
  'María', 'Lucía', 'Sofía', 'Mónica', 'Inés', 'Ángela', 'Natalia', 'Verónica', 'Mariana',
  'Valentina', 'Camila', 'Daniela', 'Paula', 'Laura', 'Andrea', 'Carolina', 'Catalina', 'Juliana',
  'Luisa', 'Isabel', 'Beatriz', 'Gloria', 'Ximena', 'Yolanda', 'Leidy', 'Rocío', 'Nohemí',
  'Marisol', 'Tatiana', 'Sandra', 'Liliana', 'Milena', 'Adriana', 'Estefanía', 'Bárbara', 'Raquel',
] as const;

export const COMPOUND_FIRST_NAMES = [
  'María José', 'Juan Pablo', 'Luis Ángel', 'Ana María', 'María Fernanda', 'Juan Sebastián',
  'José Manuel', 'Luz Ángela', 'Carlos Andrés', 'Jhon Fredy', 'María Camila', 'Juan Martín',
  'Ana Lucía', 'José Julián', 'Luz Marina', 'Óscar Iván',
] as const;

export const SURNAMES = [
  'Pérez', 'Gómez', 'Muñoz', 'Núñez', 'Ramírez', 'Peña', 'Ibáñez', 'Rodríguez', 'García',
  'Martínez', 'López', 'Hernández', 'González', 'Díaz', 'Sánchez', 'Álvarez', 'Jiménez',
  'Gutiérrez', 'Suárez', 'Ortiz', 'Castaño', 'Londoño', 'Patiño', 'Zúñiga', 'Cañas', 'Beltrán',
  'Vásquez', 'Cárdenas', 'Quintero', 'Restrepo', 'Valencia', 'Zapata', 'Ospina', 'Córdoba',
  'Mejía', 'Giraldo', 'Salazar', 'Rincón', 'Acuña', 'Méndez', 'Chávez', 'Fernández', 'Gálvez',
  'Páez', 'Ríos', 'Ramos', 'Torres', 'Vargas', 'Cifuentes', 'Montaño', 'Bermúdez', 'Cortés',
  'Guzmán', 'Marín', 'Arango', 'Durán', 'Echeverri', 'Tobón', 'Agudelo', 'Muñetón',
] as const;

// ---- Colombian wages (pesos) by year, 2014..2025 ------------------------------------------

export const FIRST_WAGE_YEAR = 2014;
export const LAST_WAGE_YEAR = 2025;
// Salario mínimo mensual legal vigente.
const SMMLV_BY_YEAR = [
  616000, 644350, 689455, 737717, 781242, 828116, 877803, 908526, 1000000, 1160000, 1300000, 1423500,
];
// Auxilio de transporte.
const AUX_BY_YEAR = [72000, 74000, 77700, 83140, 88211, 97032, 102854, 106454, 117172, 140606, 162000, 200000];
// Unidad de valor tributario.
const UVT_BY_YEAR = [27485, 28279, 29753, 31859, 33156, 34270, 35607, 36308, 38004, 42412, 47065, 49799];

function yearIndex(y: number): number {
  return Math.min(Math.max(y, FIRST_WAGE_YEAR), LAST_WAGE_YEAR) - FIRST_WAGE_YEAR;
}
export const smmlv = (y: number): number => SMMLV_BY_YEAR[yearIndex(y)];
export const auxTransporte = (y: number): number => AUX_BY_YEAR[yearIndex(y)];
export const uvt = (y: number): number => UVT_BY_YEAR[yearIndex(y)];

// ---- Payroll catalogs ---------------------------------------------------------------------

export const TIPOS_COTIZANTE: TipoCotizanteInput[] = [
  { codigo: '01', descripcion: 'Dependiente' },
  { codigo: '02', descripcion: 'Servicio doméstico' },
  { codigo: '03', descripcion: 'Independiente' },
  { codigo: '12', descripcion: 'Aprendices del Sena en etapa lectiva' },
  { codigo: '19', descripcion: 'Aprendices del SENA en etapa productiva' },
  { codigo: '20', descripcion: 'Estudiantes (régimen especial Ley 789 de 2002)' },
  { codigo: '22', descripcion: 'Profesor de establecimiento particular' },
  { codigo: '51', descripcion: 'Trabajador de tiempo parcial' },
];

/** Concept indices: the generator works with these and writes the codes. */
export const C = {
  SUELDO: 0,
  INTEGRAL: 1,
  AUX: 2,
  HED: 3,
  HEN: 4,
  RN: 5,
  HEDF: 6,
  RDF: 7,
  COMISION: 8,
  BONIF_S: 9,
  BONIF_NS: 10,
  ALIMENTACION: 11,
  INCAPACIDAD: 12,
  VACACIONES: 13,
  APOYO_SENA: 14,
  PRIMA: 15,
  CESANTIAS: 16,
  INT_CESANTIAS: 17,
  VAC_COMPENSADAS: 18,
  INDEMNIZACION: 19,
  ANTICIPO: 20,
  SALUD: 21,
  PENSION: 22,
  FSP: 23,
  RETENCION: 24,
  PRESTAMO: 25,
  LIBRANZA: 26,
  VOLUNTARIO: 27,
  COOPERATIVA: 28,
  EMBARGO: 29,
  PREPAGADA: 30,
  REINTEGRO: 31,
  DESC_ANTICIPO: 32,
} as const;

export const CONCEPTOS: ConceptoInput[] = [
  { codigo: '001', nombre: 'Sueldo básico', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '002', nombre: 'Salario integral', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '003', nombre: 'Auxilio de transporte', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '004', nombre: 'Horas extra diurnas', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '005', nombre: 'Horas extra nocturnas', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '006', nombre: 'Recargo nocturno', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '007', nombre: 'Horas extra dominicales y festivas', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '008', nombre: 'Recargo dominical y festivo', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '009', nombre: 'Comisiones', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '010', nombre: 'Bonificación salarial', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '011', nombre: 'Bonificación no salarial', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '012', nombre: 'Auxilio de alimentación', tipo: 'DEVENGADO' },
  { codigo: '013', nombre: 'Incapacidad por enfermedad general', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '014', nombre: 'Vacaciones disfrutadas', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '015', nombre: 'Apoyo de sostenimiento SENA', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '020', nombre: 'Prima de servicios', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '021', nombre: 'Cesantías', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '022', nombre: 'Intereses sobre cesantías', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '023', nombre: 'Vacaciones compensadas en dinero', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '024', nombre: 'Indemnización por despido sin justa causa', tipo: 'DEVENGADO' },
  { codigo: '025', nombre: 'Anticipo de nómina', tipo: 'DEVENGADO', baseAportes: false },
  { codigo: '101', nombre: 'Aporte salud empleado 4%', tipo: 'DEDUCCION', baseAportes: true },
  { codigo: '102', nombre: 'Aporte pensión empleado 4%', tipo: 'DEDUCCION', baseAportes: true },
  { codigo: '103', nombre: 'Fondo de solidaridad pensional', tipo: 'DEDUCCION', baseAportes: true },
  { codigo: '104', nombre: 'Retención en la fuente', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '105', nombre: 'Préstamo a empleados', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '106', nombre: 'Libranza', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '107', nombre: 'Aporte voluntario a pensión', tipo: 'DEDUCCION' },
  { codigo: '108', nombre: 'Cuota cooperativa', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '109', nombre: 'Embargo judicial', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '110', nombre: 'Medicina prepagada', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '111', nombre: 'Reintegro de deducciones', tipo: 'DEDUCCION', baseAportes: false },
  { codigo: '112', nombre: 'Descuento anticipo de nómina', tipo: 'DEDUCCION', baseAportes: false },
];

export const CONCEPT_CODES: string[] = CONCEPTOS.map((c) => c.codigo);
export const CONCEPT_IS_BASE: boolean[] = CONCEPTOS.map((c) => c.tipo === 'DEVENGADO' && c.baseAportes === true);

// ---- Places and companies -----------------------------------------------------------------

/** City and its fixed-line prefix (601 Bogotá, 604 Antioquia...). */
export const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Bogotá', '601'], ['Medellín', '604'], ['Cali', '602'], ['Barranquilla', '605'],
  ['Cartagena', '605'], ['Cúcuta', '607'], ['Bucaramanga', '607'], ['Pereira', '606'],
  ['Manizales', '606'], ['Ibagué', '608'], ['Villavicencio', '608'], ['Pasto', '602'],
  ['Montería', '604'], ['Neiva', '608'], ['Santa Marta', '605'], ['Popayán', '602'],
  ['Tunja', '608'], ['Valledupar', '605'], ['Armenia', '606'], ['Quibdó', '604'],
  ['Chía', '601'], ['Soacha', '601'], ['Envigado', '604'], ['Itagüí', '604'], ['Bello', '604'],
  ['Zipaquirá', '601'], ['Facatativá', '601'], ['Girardot', '601'], ['Sogamoso', '608'], ['Tuluá', '602'],
];

export const STREET_TYPES = ['Cra', 'Cl', 'Av', 'Tv', 'Dg', 'Ak', 'Ac'] as const;

export const COMPANY_WORDS = [
  'Distribuidora', 'Comercializadora', 'Suministros', 'Papelería', 'Ferretería', 'Transportes',
  'Inversiones', 'Tecnología', 'Alimentos', 'Lácteos', 'Panificadora', 'Droguería', 'Textiles',
  'Servicios', 'Importadora', 'Agroindustrial', 'Logística', 'Construcciones', 'Insumos',
  'Empaques', 'Cafés', 'Químicos', 'Carnes', 'Frutas', 'Aseo Industrial', 'Plásticos',
] as const;

export const COMPANY_PLACES = [
  'Andina', 'del Pacífico', 'del Caribe', 'La Montaña', 'El Dorado', 'Santa Fe', 'San José',
  'Nacional', 'del Valle', 'Antioqueña', 'Santandereana', 'Los Andes', 'de Oriente', 'La Sabana',
  'del Magdalena', 'de la Orinoquía', 'Nariñense', 'Boyacense', 'Cundinamarquesa', 'del Huila',
  'Llanera', 'Cafetera', 'del Cauca', 'Costeña', 'Tolimense', 'del Norte', 'Bogotana', 'Caleña',
] as const;

export const COMPANY_SUFFIXES = ['S.A.S.', 'S.A.S.', 'S.A.S.', 'S.A.', 'Ltda.', 'y Cía. S. en C.', 'S.C.A.'] as const;

export const TRADE_NAMES = [
  'Distri', 'Caribe', 'Oriente', 'El Surtidor', 'La Canasta', 'Punto Fresco', 'MegaInsumos',
  'Todo Aseo', 'La Bodeguita', 'Express', 'El Mayorista', 'Don Pacho', 'La 14 Mayorista', 'Surtimax',
] as const;

// ---- Products -----------------------------------------------------------------------------

export interface CategorySpec {
  nombre: string;
  /** IVA rate in percent (0 = excluido/exento). */
  iva: number;
  /** sold by weight (kg) with fractional quantities */
  weight: boolean;
  /** price range in pesos */
  min: number;
  max: number;
  items: readonly string[];
  sizes: readonly string[];
}

export const CATEGORY_SPECS: readonly CategorySpec[] = [
  {
    nombre: 'Bebidas', iva: 19, weight: false, min: 1500, max: 9000,
    items: ['Gaseosa cola', 'Agua sin gas', 'Jugo de mora', 'Jugo de lulo', 'Té helado limón', 'Bebida energizante', 'Malta', 'Agua con gas', 'Limonada de coco', 'Avena líquida'],
    sizes: ['250 ml', '400 ml', '600 ml', '1 L', '1.5 L', '2 L'],
  },
  {
    nombre: 'Panadería', iva: 5, weight: false, min: 800, max: 12000,
    items: ['Pan tajado', 'Pan de bono', 'Almojábana', 'Buñuelo', 'Mogolla integral', 'Pan francés', 'Croissant', 'Roscón de arequipe', 'Tostadas', 'Pandeyuca'],
    sizes: ['unidad', 'x 6', 'x 12', '500 g', 'familiar'],
  },
  {
    nombre: 'Lácteos', iva: 0, weight: false, min: 2200, max: 18000,
    items: ['Leche entera', 'Leche deslactosada', 'Queso campesino', 'Kumis', 'Yogur de fresa', 'Mantequilla', 'Arequipe', 'Queso doble crema', 'Crema de leche', 'Cuajada'],
    sizes: ['200 g', '250 g', '500 g', '1 L', '1.1 L', 'bolsa 900 ml'],
  },
  {
    nombre: 'Aseo', iva: 19, weight: false, min: 2500, max: 35000,
    items: ['Jabón en barra', 'Detergente en polvo', 'Lavaloza líquido', 'Blanqueador', 'Suavizante', 'Limpiador multiusos', 'Papel higiénico', 'Toallas de cocina', 'Esponjilla', 'Desinfectante'],
    sizes: ['300 g', '500 g', '1 kg', '1 L', '2 L', 'x 4', 'x 12'],
  },
  {
    nombre: 'Granos y abarrotes', iva: 5, weight: false, min: 1800, max: 28000,
    items: ['Arroz blanco', 'Fríjol cargamanto', 'Lenteja', 'Garbanzo', 'Azúcar morena', 'Panela', 'Café molido', 'Aceite de girasol', 'Harina de maíz', 'Sal refinada', 'Chocolate de mesa', 'Pasta spaghetti'],
    sizes: ['250 g', '500 g', '1 kg', '2.5 kg', '1 L', '3 L'],
  },
  {
    nombre: 'Frutas y verduras', iva: 0, weight: true, min: 1800, max: 14000,
    items: ['Tomate chonto', 'Cebolla cabezona', 'Papa criolla', 'Papa pastusa', 'Plátano hartón', 'Banano', 'Mango Tommy', 'Aguacate Hass', 'Limón Tahití', 'Mora de Castilla', 'Zanahoria', 'Guayaba'],
    sizes: ['kg'],
  },
  {
    nombre: 'Carnes', iva: 0, weight: true, min: 12000, max: 42000,
    items: ['Carne molida', 'Pechuga de pollo', 'Muslo de pollo', 'Costilla de cerdo', 'Lomo de res', 'Chorizo santarrosano', 'Tilapia', 'Morrillo'],
    sizes: ['kg'],
  },
  {
    nombre: 'Snacks y dulces', iva: 19, weight: false, min: 600, max: 9000,
    items: ['Papas de limón', 'Maní salado', 'Chocolatina', 'Bocadillo veleño', 'Galletas de soda', 'Obleas', 'Chicle', 'Gomitas', 'Turrón', 'Rosquitas'],
    sizes: ['unidad', 'x 6', 'x 12', '150 g', 'familiar'],
  },
  {
    nombre: 'Cuidado personal', iva: 19, weight: false, min: 2500, max: 32000,
    items: ['Crema dental', 'Champú', 'Jabón líquido', 'Desodorante', 'Cepillo de dientes', 'Toallas higiénicas', 'Crema corporal', 'Enjuague bucal'],
    sizes: ['75 ml', '200 ml', '400 ml', 'x 3', 'x 10'],
  },
  {
    nombre: 'Licores', iva: 19, weight: false, min: 3500, max: 95000,
    items: ['Cerveza rubia', 'Aguardiente', 'Ron añejo', 'Vino tinto', 'Cerveza negra'],
    sizes: ['330 ml', 'lata 269 ml', '375 ml', '750 ml', 'x 6'],
  },
];

export const PRODUCT_BRANDS = [
  'La Montaña', 'El Nevado', 'Don Julián', 'Doña Inés', 'Del Campo', 'San Andrés', 'La Sabana',
  'Los Andes', 'El Trigal', 'La Pradera', 'Santa Lucía', 'El Cafetal',
] as const;
