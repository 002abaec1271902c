import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The phone stores' words and their menu entry's, in Portuguese: found by their place and merged
 * into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        stores: 'Lojas de telefones',
    },
    stores: {
        title: 'Lojas de telefones',
        create_title: 'Nova loja de telefones',
        show_title: 'Loja de telefones',
        add: 'Adicionar loja',
        create: 'Criar loja',
        created: 'Loja %{name} criada',
        back: 'Todas as lojas',
        count: '%{smart_count} loja |||| %{smart_count} lojas',
        agent_count: '%{smart_count} agente |||| %{smart_count} agentes',
        agents_title: 'Agentes (%{smart_count})',
        no_agents: 'Ainda não há agentes a trabalhar nesta loja.',
        region_lead_help: 'Opcional: o utilizador do portal que lidera esta região',
        branded: {
            label: 'Loja da marca',
            help: 'Uma loja do próprio operador. Deixe desligado para a loja de um revendedor.',
            field: 'Marca',
            yes: 'Da marca',
            no: 'Sem marca',
        },
        region_lead: {
            change: 'Líder regional',
            title: 'Líder regional de %{store}',
            help: 'Escolha um utilizador ativo do portal para liderar a região desta loja, ou limpe o campo para a deixar sem líder.',
            save: 'Guardar líder regional',
            saved: '%{name} lidera agora a região de %{store}',
            cleared: '%{store} já não tem líder regional',
        },
        fields: {
            name: 'Nome da loja',
            region: 'Região',
            town: 'Cidade',
            latitude: 'Latitude',
            longitude: 'Longitude',
            location: 'Localização',
            owner: 'Proprietário',
            region_lead: 'Líder regional',
            agent_count: 'Agentes',
            created_at: 'Criada',
        },
        location: {
            latitude_help: 'Graus decimais, de -90 a 90',
            longitude_help: 'Graus decimais, de -180 a 180',
            use_mine: 'Usar a minha localização',
            locating: 'A procurar a sua localização…',
            search: 'Procurar um local',
            search_help: 'Escreva pelo menos 2 letras; escolher um local preenche as coordenadas',
            searching: 'A procurar…',
            no_places: 'Nenhum local encontrado',
            denied: 'O navegador não pode partilhar a sua localização. Escreva as coordenadas.',
            timeout: 'Encontrar a sua localização demorou demasiado. Tente de novo, ou escreva as coordenadas.',
            unavailable: 'A sua localização não está disponível. Escreva as coordenadas.',
            move: 'Mudar a localização do agente',
            move_of: 'Mudar a localização do agente: %{name}',
            move_title: 'Mudar a localização de %{name}',
            move_help: 'Escreva as coordenadas do novo local, ou use onde está agora.',
            save: 'Guardar localização',
            moved: 'A localização de %{name} foi guardada',
        },
    },
} satisfies TranslationOf<typeof en>;

export default pt;
